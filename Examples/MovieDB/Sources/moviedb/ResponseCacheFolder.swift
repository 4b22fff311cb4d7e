import Foundation
import NetworkLayer
import TMDB

/// The folder `moviedb` caches responses in, with one subfolder per source of answers, so that the offline
/// sample never answers for a server, nor one server for another.
struct ResponseCacheFolder {
    let url: URL

    /// `--cache-dir` when given, else `$XDG_CACHE_HOME/moviedb`, else `moviedb` in the user's caches folder;
    /// `nil` with `--no-cache`, or when there is no caches folder.
    init?(options: GlobalOptions, environment: [String: String]) {
        if options.noCache { return nil }
        if let directory = options.cacheDirectory {
            url = URL(fileURLWithPath: (directory as NSString).expandingTildeInPath, isDirectory: true)
        } else if let home = environment["XDG_CACHE_HOME"], home.hasPrefix("/") {
            url = URL(fileURLWithPath: home, isDirectory: true).appendingPathComponent("moviedb", isDirectory: true)
        } else if let caches = FileManager.default.urls(for: .cachesDirectory, in: .userDomainMask).first {
            url = caches.appendingPathComponent("moviedb", isDirectory: true)
        } else {
            return nil
        }
    }

    /// The cache for answers from `source`, on disk in its own subfolder.
    func cache(for source: AnswerSource) -> HTTPCache {
        HTTPCache(directory: url.appendingPathComponent(source.folderName, isDirectory: true))
    }
}
