import Foundation

/// Where a ``MovieManager``'s answers come from: what a cache of them must be kept apart by.
public enum AnswerSource: Sendable, Hashable {
    /// A TMDB-compatible server at this base URL.
    case server(URL)
    /// The built-in sample data, offline.
    case sampleData

    /// A name for this source that is safe as one path component, such as `api.themoviedb.org` or
    /// `127.0.0.1-8080` (characters other than letters, digits, `-` and `.` become `_`), and `sample-data`
    /// offline.
    public var folderName: String {
        switch self {
        case .sampleData:
            return "sample-data"
        case .server(let url):
            let name = [url.host, url.port.map(String.init)].compactMap { $0 }.joined(separator: "-")
            let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-."))
            let safe = name.unicodeScalars.map { allowed.contains($0) ? $0 : "_" }
            let folder = String(String.UnicodeScalarView(safe))
            return folder.isEmpty || folder.allSatisfy({ $0 == "." }) ? "server" : folder
        }
    }
}
