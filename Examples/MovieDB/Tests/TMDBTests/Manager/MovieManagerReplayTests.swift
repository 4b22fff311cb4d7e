import Foundation
import NetworkLayer
import Testing

@testable import TMDB

/// MovieManager over `HARReplayTransport`, answering from `Fixtures/tmdb.har` (see ``RecordedTMDB``): the
/// recorded answers decode, and TMDB's error bodies become the typed errors.
@Suite("MovieManager over recorded answers", .disabled(if: RecordedTMDB.isRecording, "the file is being recorded"))
struct MovieManagerReplayTests {
    @Test("A listing, a movie with its videos and recommendations, the genres and a search")
    func recordedFlow() async throws {
        try await CatalogFlow.check(try RecordedTMDB.replayingManager(), searchingFor: "fight club")
    }

    @Test("An unknown id is TMDB's 404 with code 34")
    func notFound() async throws {
        await #expect(
            throws: TMDBError.notFound(
                TMDBStatus(statusCode: 34, statusMessage: "The resource you requested could not be found."))
        ) {
            _ = try await RecordedTMDB.replayingManager().details(id: 1)
        }
    }

    @Test("429 twice fails after one retry, with the parsed delay")
    func failsAfterOneRetry() async throws {
        let recorder = Recorder()
        let manager = try RecordedTMDB.replayingManager(recorder: recorder)
        let error = await #expect(throws: TMDBError.self) { _ = try await manager.details(id: 429) }
        guard case .rateLimited(let retryAfter, let status)? = error else {
            Issue.record("expected rateLimited, got \(String(describing: error))")
            return
        }
        #expect(retryAfter == 1 && status?.statusCode == 25)
        #expect(await recorder.sleeps == [1])
    }

    @Test("A call the file does not hold fails, naming the closest recorded one")
    func unrecorded() async throws {
        let error = await #expect(throws: TMDBError.self) {
            _ = try await RecordedTMDB.replayingManager().details(id: 680)
        }
        #expect(String(describing: error).contains("movie/550"))
    }

    @Test("The file holds no API key")
    func noKey() throws {
        let text = String(decoding: try Data(contentsOf: RecordedTMDB.file), as: UTF8.self)
        #expect(!text.contains(FakeTMDB.apiKey))
        #expect(text.contains("api_key="))
    }
}

/// Records `Fixtures/tmdb.har` again, when `scripts/record_har.sh` asks.
@Suite("Recording the TMDB fixture", .enabled(if: RecordedTMDB.isRecording, "MOVIEDB_RECORD_HAR=1 is not set"))
struct RecordTMDBFixture {
    @Test("the calls, recorded from the fake server")
    func record() async throws {
        let base = try #require(FakeTMDB.url.flatMap { URL(string: $0 + "/3") })
        try await RecordedTMDB.record(baseURL: base, apiKey: FakeTMDB.apiKey)
    }
}
