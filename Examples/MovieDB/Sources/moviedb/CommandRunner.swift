import ArgumentParser
import Foundation
import NetworkLayer
import TMDB

/// Runs one call for a subcommand: picks the server and the cache, refuses pages the sample's recording lacks,
/// prints the sample-data notice, the JSON or the rendered text, and turns failures into one line on
/// standard error and exit status 1.
struct CommandRunner {
    let options: GlobalOptions
    var environment: [String: String] = ProcessInfo.processInfo.environment

    /// The notice shown, on standard error, when the answers are sample data.
    static let sampleDataNotice =
        "Showing built-in sample data (offline). Set TMDB_API_KEY or TMDB_BEARER_TOKEN to query TMDB."

    /// What the offline sample answers, shown after a call it has no answer for.
    static let recordedCallsHint =
        "hint: offline, the sample answers what its traffic recorded: every page of the four lists, the genres, "
        + "each listed movie's details, videos and recommendations, and searches for their titles and title words "
        + "in lower case."

    func run(_ api: MovieAPI, render: (MovieManager, Response) throws(TMDBError) -> String) async throws {
        let logger = options.verbose ? NetworkLogger(sink: .standardError) : nil
        let cacheFolder = ResponseCacheFolder(options: options, environment: environment)
        let manager = MovieManager.automatic(
            baseURL: options.server, environment: environment, logger: logger,
            cache: cacheFolder.map { folder in { folder.cache(for: $0) } })
        if manager.isUsingSampleData {
            try await Self.checkSamplePage(of: api)
            Console.error(Self.sampleDataNotice)
        }
        do {
            let response = try await manager.response(for: api)
            if options.verbose {
                Console.error(Self.cacheLine(for: response.cacheStatus, sampleData: manager.isUsingSampleData))
            }
            if options.json {
                Console.output(String(decoding: response.data, as: UTF8.self))
            } else {
                Console.output(try render(manager, response))
            }
        } catch {
            Console.error("error: \(error)")
            if case .notRecorded = error { Console.error(Self.recordedCallsHint) }
            throw ExitCode.failure
        }
    }
}

extension CommandRunner {
    /// What `--verbose` says about where the answer came from.
    static func cacheLine(for status: CacheStatus, sampleData: Bool) -> String {
        switch status {
        case .network: "cache: nothing usable cached; answered by the " + (sampleData ? "sample data" : "server")
        case .cached: "cache: answered from the cache; nothing was sent"
        case .revalidated: "cache: the server confirmed the cached answer (304); its body came from the cache"
        }
    }

    /// Throws a usage error when `api` asks for a page past the last one the sample's recording has, as its
    /// first page tells.
    static func checkSamplePage(of api: MovieAPI) async throws {
        guard let page = api.page, page > 1,
            let firstPage = try? await MovieManager.sampleData().send(api.onPage(1), as: MoviePage.self),
            page > firstPage.lastPage
        else { return }
        let pages = firstPage.lastPage
        let available = pages == 1 ? "page 1 only" : "pages 1 to \(pages)"
        throw ValidationError(
            "--page must be from 1 to \(pages) offline, not \(page): the built-in sample has \(available) "
                + "here (set TMDB_API_KEY or TMDB_BEARER_TOKEN for TMDB's \(MovieAPI.pages.upperBound))")
    }
}

extension MovieAPI {
    /// The same call for page `page`; calls that are not paged stay as they are.
    fileprivate func onPage(_ page: Int) -> MovieAPI {
        switch self {
        case .nowPlaying(_, let language, let region): .nowPlaying(page: page, language: language, region: region)
        case .popular(_, let language, let region): .popular(page: page, language: language, region: region)
        case .topRated(_, let language, let region): .topRated(page: page, language: language, region: region)
        case .upcoming(_, let language, let region): .upcoming(page: page, language: language, region: region)
        case .recommendations(let id, _, let language): .recommendations(id: id, page: page, language: language)
        case .search(let query, _, let year, let primaryReleaseYear, let includeAdult, let language, let region):
            .search(
                query: query, page: page, year: year, primaryReleaseYear: primaryReleaseYear,
                includeAdult: includeAdult, language: language, region: region)
        case .details, .videos, .genres: self
        }
    }
}

/// Writes whole lines to standard output and standard error, unbuffered, so they keep their order.
enum Console {
    static func output(_ text: String) {
        FileHandle.standardOutput.write(Data(line(text).utf8))
    }

    static func error(_ text: String) {
        FileHandle.standardError.write(Data(line(text).utf8))
    }

    private static func line(_ text: String) -> String {
        text.hasSuffix("\n") ? text : text + "\n"
    }
}
