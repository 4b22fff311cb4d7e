import Foundation
import NetworkLayer

@testable import TMDB

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Records `Sources/TMDB/SampleData/tmdb.har`, the traffic the offline sample replays (``SampleTraffic``), from
/// `scripts/fake_tmdb.py` through NetworkLayer's `HARRecordingTransport`; `scripts/record_har.sh` runs it.
enum RecordedTMDB {
    /// The file in the sources, which the test bundle's copy comes from.
    static let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(
            "Sources/TMDB/SampleData/tmdb.har")

    /// Whether this run records the file again (`scripts/record_har.sh` sets both variables).
    static var isRecording: Bool {
        ProcessInfo.processInfo.environment["MOVIEDB_RECORD_HAR"] == "1" && FakeTMDB.url != nil
    }

    /// Sends every call the offline sample answers to the fake TMDB at `server` (`http://127.0.0.1:PORT/3`),
    /// writing the file anew with TMDB's own URLs: every page of the four lists, the genres, each movie's
    /// details, videos and recommendations, the searches of ``searches(for:)``, then TMDB's errors for an
    /// unknown id and the throttled one (twice: the manager retries once).
    static func record(server: URL, bearerToken: String) async throws {
        let manager = MovieManager(
            credentials: .bearerToken(bearerToken),
            transport: HARRecordingTransport(wrapping: fakeTMDB(at: server), file: file),
            rateLimitPolicy: RateLimitPolicy(sleep: { _ in }))
        var movies: [Int: Movie] = [:]
        let lists: [@Sendable (Int) -> MovieAPI] = [
            { .nowPlaying(page: $0) }, { .popular(page: $0) }, { .topRated(page: $0) }, { .upcoming(page: $0) },
        ]
        for list in lists {
            for movie in try await allPages(list, from: manager) { movies[movie.id] = movie }
        }
        _ = try await manager.genres()
        for id in movies.keys.sorted() {
            _ = try await manager.details(id: id)
            _ = try await manager.videos(id: id)
            _ = try await allPages({ .recommendations(id: id, page: $0) }, from: manager)
        }
        for query in searches(for: movies.values).sorted() {
            _ = try await allPages({ .search(query: query, page: $0) }, from: manager)
        }
        for api in [MovieAPI.details(id: 1), .videos(id: 1), .recommendations(id: 1), .details(id: 429)] {
            _ = try? await manager.response(for: api)
        }
    }

    /// The queries recorded for `movies`: each title and original title, and each word of three letters or
    /// more in them, in lower case.
    static func searches(for movies: some Sequence<Movie>) -> Set<String> {
        var queries: Set<String> = []
        for title in movies.flatMap({ [$0.title, $0.originalTitle] }) {
            queries.insert(title.lowercased())
            let words = title.lowercased().split { !$0.isLetter && !$0.isNumber && $0 != "'" }
            queries.formUnion(words.filter { $0.count >= 3 }.map(String.init))
        }
        return queries
    }

    /// The movies on every page of the paged call `call` makes for a page number.
    private static func allPages(_ call: (Int) -> MovieAPI, from manager: MovieManager) async throws -> [Movie] {
        let first = try await manager.send(call(1), as: MoviePage.self)
        var movies = first.results
        for page in stride(from: 2, through: first.lastPage, by: 1) {
            movies += try await manager.send(call(page), as: MoviePage.self).results
        }
        return movies
    }

    /// A transport that sends TMDB's URLs to the fake server at `server` and leaves the fake's `Date` and
    /// `Server` fields out of its answers, so the file reads as TMDB's traffic and a cache replaying it counts
    /// an answer's age from when it is replayed.
    private static func fakeTMDB(at server: URL) -> ClosureTransport {
        ClosureTransport { request in
            guard let url = request.url, var components = URLComponents(url: url, resolvingAgainstBaseURL: false)
            else { throw URLError(.badURL) }
            (components.scheme, components.host, components.port) = (server.scheme, server.host, server.port)
            var redirected = request
            redirected.url = components.url
            let (data, response) = try await URLSession.shared.data(for: redirected)
            guard let http = response as? HTTPURLResponse else { throw URLError(.badServerResponse) }
            var fields: [String: String] = [:]
            for case (let name as String, let value as String) in http.allHeaderFields
            where !["date", "server"].contains(name.lowercased()) {
                fields[name] = value
            }
            guard
                let answer = HTTPURLResponse(
                    url: url, statusCode: http.statusCode, httpVersion: "HTTP/1.1", headerFields: fields)
            else { throw URLError(.badServerResponse) }
            return (data, answer)
        }
    }
}
