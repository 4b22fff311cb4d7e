import Foundation
import NetworkLayer
import Testing

@testable import TMDB

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("MovieManager")
struct MovieManagerTests {
    static let invalidKey =
        #"{"status_code": 7, "status_message": "Invalid API key: You must be granted a valid key.", "success": false}"#
    static let throttled =
        #"{"status_code": 25, "status_message": "Your request count (41) is over the allowed limit of (40)."}"#
    static let emptyPage = #"{"page": 1, "results": [], "total_pages": 1, "total_results": 0}"#

    func manager(
        _ recorder: Recorder, policy: RateLimitPolicy? = nil,
        respond: @escaping @Sendable (Int, URLRequest) -> (status: Int, headers: [String: String], body: String)
    ) -> MovieManager {
        let sleeps = policy ?? RateLimitPolicy(sleep: { await recorder.recordSleep($0) })
        return MovieManager(
            credentials: .apiKey("k"), transport: recordingTransport(recorder, respond: respond),
            rateLimitPolicy: sleeps)
    }

    @Test(
        "Calls TMDB would refuse are rejected with a typed error before the transport is called",
        arguments: [
            (MovieAPI.popular(page: 0), TMDBError.invalidPage(0)),
            (.nowPlaying(page: 501), .invalidPage(501)),
            (.recommendations(id: 550, page: -1), .invalidPage(-1)),
            (.search(query: "x", page: 501), .invalidPage(501)),
            (.search(query: "  "), .emptyQuery),
            (.details(id: 550, appendToResponse: (1...21).map { "item\($0)" }), .tooManyAppendedResponses(21)),
        ])
    func rejectedBeforeSending(api: MovieAPI, expected: TMDBError) async {
        let calls = Recorder()
        let transport = ClosureTransport { request in
            _ = await calls.record(request)
            throw URLError(.cannotConnectToHost)
        }
        let manager = MovieManager(credentials: .apiKey("k"), transport: transport)
        await #expect(throws: expected) { _ = try await manager.response(for: api) }
        #expect(await calls.requests.isEmpty)
        // The same call, sent straight through the router, does reach the transport.
        _ = try? await manager.network.router.request(api)
        #expect(await calls.requests.count == 1)
    }

    @Test("The typed calls validate too", arguments: [0, 501])
    func typedCallsValidate(_ page: Int) async {
        let recorder = Recorder()
        let manager = manager(recorder) { _, _ in (200, [:], Self.emptyPage) }
        await #expect(throws: TMDBError.invalidPage(page)) { _ = try await manager.popular(page: page) }
        await #expect(throws: TMDBError.invalidPage(page)) {
            _ = try await manager.recommendations(id: 550, page: page)
        }
        await #expect(throws: TMDBError.emptyQuery) { _ = try await manager.search(query: "") }
        #expect(await recorder.requests.isEmpty)
    }

    @Test(
        "Error statuses become typed errors carrying TMDB's status",
        arguments: [
            (
                401, invalidKey,
                TMDBError.unauthorized(
                    httpStatus: 401,
                    TMDBStatus(statusCode: 7, statusMessage: "Invalid API key: You must be granted a valid key."))
            ),
            (
                400, #"{"status_code": 22, "status_message": "Invalid page."}"#,
                .rejected(httpStatus: 400, TMDBStatus(statusCode: 22, statusMessage: "Invalid page.", success: nil))
            ),
            (
                503, #"{"status_code": 9, "status_message": "Service offline."}"#,
                .serverError(
                    httpStatus: 503, TMDBStatus(statusCode: 9, statusMessage: "Service offline.", success: nil))
            ),
            (502, "<html>Bad gateway</html>", .serverError(httpStatus: 502, nil)),
        ])
    func errorMapping(status: Int, body: String, expected: TMDBError) async {
        let recorder = Recorder()
        let manager = manager(recorder) { _, _ in (status, ["Content-Type": "application/json"], body) }
        await #expect(throws: expected) { _ = try await manager.details(id: 550) }
        #expect(await recorder.requests.count == 1)
    }

    @Test("429 with a short Retry-After is retried once after waiting it")
    func retriesAfterShortDelay() async throws {
        let recorder = Recorder()
        let manager = manager(recorder) { number, _ in
            number == 1 ? (429, ["Retry-After": "2"], Self.throttled) : (200, [:], Self.emptyPage)
        }
        let page = try await manager.popular()
        #expect(page.results.isEmpty)
        #expect(await recorder.requests.count == 2)
        #expect(await recorder.sleeps == [2])
    }

    @Test("429 with a long or missing Retry-After fails at once", arguments: [["Retry-After": "11"], [:]])
    func noRetry(headers: [String: String]) async throws {
        let recorder = Recorder()
        let manager = manager(recorder) { _, _ in (429, headers, Self.throttled) }
        let error = await #expect(throws: TMDBError.self) { _ = try await manager.popular() }
        #expect(error?.httpStatus == 429)
        #expect(await recorder.requests.count == 1)
        #expect(await recorder.sleeps.isEmpty)
    }

    @Test("The maximum delay is configurable")
    func configurableDelay() async throws {
        let recorder = Recorder()
        let policy = RateLimitPolicy(maximumDelay: 30, sleep: { await recorder.recordSleep($0) })
        let manager = manager(recorder, policy: policy) { number, _ in
            number == 1 ? (429, ["Retry-After": "25"], Self.throttled) : (200, [:], Self.emptyPage)
        }
        _ = try await manager.popular()
        #expect(await recorder.sleeps == [25])
    }

    @Test("A body that is not the expected JSON is a decoding error")
    func decodingFailure() async {
        let recorder = Recorder()
        let manager = manager(recorder) { _, _ in (200, [:], #"{"page": "one"}"#) }
        let error = await #expect(throws: TMDBError.self) { _ = try await manager.popular() }
        guard case .decodingFailed(let reason) = error else {
            Issue.record("expected decodingFailed, got \(String(describing: error))")
            return
        }
        #expect(reason.contains("page"))
    }

    @Test("Credentials and environment reach the request")
    func requestShape() async throws {
        let recorder = Recorder()
        let local = try #require(URL(string: "http://127.0.0.1:1/3"))
        let manager = MovieManager(
            environment: .custom(local), credentials: .apiKey("k"),
            transport: recordingTransport(recorder) { _, _ in (200, [:], Self.emptyPage) })
        _ = try await manager.search(query: "heat", year: 1995)
        let request = try #require(await recorder.requests.first)
        #expect(
            request.url?.absoluteString
                == "http://127.0.0.1:1/3/search/movie?include_adult=false&language=en-US&page=1&query=heat&year=1995&api_key=k"
        )
    }

    @Test("automatic: --base-url wins, then credentials, then sample data")
    func automatic() throws {
        let local = try #require(URL(string: "http://127.0.0.1:1/3"))
        let custom = MovieManager.automatic(baseURL: local, environment: [:]).network.router.configuration
        let customWithKey = MovieManager.automatic(baseURL: local, environment: ["TMDB_API_KEY": "k"])
        let live = MovieManager.automatic(environment: ["TMDB_BEARER_TOKEN": "t"])
        let offline = MovieManager.automatic(environment: [:])
        #expect(custom.baseURL == local && custom.plugins.isEmpty)
        #expect(customWithKey.network.router.configuration.plugins.first is APIKeyQueryPlugin)
        #expect(!customWithKey.isUsingSampleData)
        let liveConfiguration = live.network.router.configuration
        #expect(liveConfiguration.baseURL == nil && liveConfiguration.plugins.first is AccessTokenPlugin)
        #expect(!live.isUsingSampleData)
        #expect(offline.isUsingSampleData)
    }
}
