import Foundation
import NetworkLayer
import Testing

@testable import TMDB

/// The offline manager, which replays the sample's recorded traffic (``SampleTraffic``, recorded by
/// ``RecordedTMDB``): the recorded answers decode, TMDB's error bodies become the typed errors, and a call the
/// recording lacks says which recorded call is closest.
@Suite(
    "MovieManager offline, over the recorded traffic",
    .disabled(if: RecordedTMDB.isRecording, "scripts/record_har.sh is writing the file these tests replay"))
struct MovieManagerOfflineTests {
    @Test("A listing, a movie from it with its videos and recommendations, the genres, searches and other lists")
    func offlineFlow() async throws {
        let manager = MovieManager.sampleData()
        #expect(manager.isUsingSampleData && manager.network.router.configuration.plugins.isEmpty)
        let popular = try await manager.popular()
        #expect(popular.results.count == 20 && popular.page == 1 && popular.lastPage == 2)
        let fightClub = try #require(popular.results.first { $0.id == 550 })
        let details = try await manager.details(id: fightClub.id)
        #expect(details.title == fightClub.title && details.runtime == 139)
        #expect(try await manager.videos(id: 550).results.count == 3)
        #expect(try await manager.recommendations(id: 550).results.map(\.id).contains(680))
        #expect(try await manager.genres().count == 19)
        for query in ["fight club", "fight"] {
            #expect(try await manager.search(query: query).results.map(\.id) == [550])
        }
        #expect(try await manager.nowPlaying(page: 2).results.count == 5)
        #expect(try await manager.upcoming().dates != nil)
        #expect(try await manager.topRated().results.first?.voteAverage == 8.705)
    }

    @Test("The language and the region are left out of the match: the catalog answers alike in all of them")
    func languageAndRegion() async throws {
        let manager = MovieManager.sampleData()
        let english = try await manager.topRated(page: 2)
        let german = try await manager.topRated(page: 2, language: "de-DE", region: "DE")
        #expect(german.results.map(\.id) == english.results.map(\.id) && !german.results.isEmpty)
    }

    @Test(
        "An unknown id is TMDB's 404 with code 34",
        arguments: [
            MovieAPI.details(id: 1), .videos(id: 1), .recommendations(id: 1),
        ])
    func notFound(_ api: MovieAPI) async {
        await #expect(
            throws: TMDBError.notFound(
                TMDBStatus(statusCode: 34, statusMessage: "The resource you requested could not be found."))
        ) {
            _ = try await MovieManager.sampleData().response(for: api)
        }
    }

    @Test("429 twice fails after one retry, with the parsed delay")
    func failsAfterOneRetry() async throws {
        let recorder = Recorder()
        var manager = MovieManager.sampleData()
        manager.rateLimitPolicy = RateLimitPolicy(sleep: { await recorder.recordSleep($0) })
        let error = await #expect(throws: TMDBError.self) { _ = try await manager.details(id: 429) }
        guard case .rateLimited(let retryAfter, let status)? = error else {
            Issue.record("expected rateLimited, got \(String(describing: error))")
            return
        }
        #expect(retryAfter == 1 && status?.statusCode == 25)
        #expect(await recorder.sleeps == [1])
    }

    @Test(
        "A call the recording lacks fails as not recorded, naming the closest recorded call",
        arguments: [
            (MovieAPI.search(query: "alien"), "search/movie?"),
            (.search(query: "Dune"), "search/movie?"),
            (.search(query: "dune", year: 2021), "query=dune"),
            (.details(id: 999_999), "closest: GET https://api.themoviedb.org/3/movie/"),
        ])
    func unrecorded(_ api: MovieAPI, closest: String) async throws {
        let error = await #expect(throws: TMDBError.self) { _ = try await MovieManager.sampleData().response(for: api) }
        guard case .notRecorded(let reason)? = error else {
            Issue.record("expected notRecorded, got \(String(describing: error))")
            return
        }
        #expect(reason.contains("closest") && reason.contains(closest))
        #expect(
            error.map(String.init(describing:))?.hasPrefix(
                "not in the offline sample: no recorded entry for GET https://")
                == true)
    }

    @Test("The recording holds TMDB's URLs and no credential")
    func noCredential() throws {
        let text = String(decoding: try Data(contentsOf: SampleTraffic.file), as: UTF8.self)
        #expect(!text.contains(FakeTMDB.bearerToken) && !text.contains(FakeTMDB.apiKey))
        #expect(text.contains("https://api.themoviedb.org/3/movie/550") && !text.contains("127.0.0.1"))
    }
}

/// Records the sample's traffic again, when `scripts/record_har.sh` asks.
@Suite("Recording the sample's traffic", .enabled(if: RecordedTMDB.isRecording, "MOVIEDB_RECORD_HAR=1 is not set"))
struct RecordSampleTraffic {
    @Test("every call the offline sample answers, recorded from the fake server")
    func record() async throws {
        let server = try #require(FakeTMDB.url.flatMap { URL(string: $0 + "/3") })
        try await RecordedTMDB.record(server: server, bearerToken: FakeTMDB.bearerToken)
    }
}
