import Foundation
import NetworkLayer

@testable import TMDB

/// `Fixtures/tmdb.har`: the answers of `scripts/fake_tmdb.py` (TMDB's shapes, the sample's data) to the calls of
/// ``record(baseURL:apiKey:)``, recorded through NetworkLayer's `HARRecordingTransport` by
/// `scripts/record_har.sh`; tests replay it with `HARReplayTransport`.
enum RecordedTMDB {
    static let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/tmdb.har")

    /// Whether this run records the file again (`scripts/record_har.sh` sets both variables).
    static var isRecording: Bool {
        ProcessInfo.processInfo.environment["MOVIEDB_RECORD_HAR"] == "1" && FakeTMDB.url != nil
    }

    /// The file's server, `http://127.0.0.1:PORT/3`, from its first request.
    static func baseURL() throws -> URL {
        let archive = try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any]
        let entries = (archive?["log"] as? [String: Any])?["entries"] as? [[String: Any]]
        let url = (entries?.first?["request"] as? [String: Any])?["url"] as? String
        guard var components = url.flatMap(URLComponents.init(string:)) else { throw CocoaError(.fileReadCorruptFile) }
        (components.path, components.query) = ("/3", nil)
        guard let base = components.url else { throw CocoaError(.fileReadCorruptFile) }
        return base
    }

    /// A manager that answers from the file, whatever its key (the file holds none).
    static func replayingManager(recorder: Recorder? = nil) throws -> MovieManager {
        MovieManager(
            environment: .custom(try baseURL()), credentials: .apiKey("any-key"),
            transport: try HARReplayTransport(file: file),
            rateLimitPolicy: RateLimitPolicy(sleep: { await recorder?.recordSleep($0) }))
    }

    /// Sends the recorded calls to the server at `baseURL`, writing the file anew: a listing, a movie with its
    /// videos and recommendations, the genres, a search, then an unknown id (404) and the throttled one (429,
    /// twice: the manager retries once).
    static func record(baseURL: URL, apiKey: String) async throws {
        let manager = MovieManager(
            environment: .custom(baseURL), credentials: .apiKey(apiKey),
            transport: HARRecordingTransport(wrapping: URLSessionTransport(), file: file),
            rateLimitPolicy: RateLimitPolicy(sleep: { _ in }))
        _ = try await manager.popular()
        _ = try await manager.details(id: 550)
        _ = try await manager.videos(id: 550)
        _ = try await manager.recommendations(id: 550)
        _ = try await manager.genres()
        _ = try await manager.search(query: "fight club")
        _ = try? await manager.details(id: 1)
        _ = try? await manager.details(id: 429)
    }
}
