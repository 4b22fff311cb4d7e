import Foundation
import NetworkLayer
import Testing

@testable import TMDB

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("TMDBEndPoint → URLRequest")
struct TMDBEndPointTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let api: MovieAPI
        let url: String
        var testDescription: String { url }
    }

    static let base = "https://api.themoviedb.org/3"

    static let cases: [Case] = [
        Case(api: .nowPlaying(), url: "\(base)/movie/now_playing?language=en-US&page=1"),
        Case(
            api: .popular(MovieListQuery(page: 3, language: "de-DE", region: "DE")),
            url: "\(base)/movie/popular?language=de-DE&page=3&region=DE"),
        Case(api: .topRated(MovieListQuery(page: 500)), url: "\(base)/movie/top_rated?language=en-US&page=500"),
        Case(
            api: .upcoming(MovieListQuery(region: "GB")), url: "\(base)/movie/upcoming?language=en-US&page=1&region=GB"),
        Case(api: .details(id: 550), url: "\(base)/movie/550?language=en-US"),
        Case(
            api: .details(id: 550, appendToResponse: ["videos", "recommendations"]),
            url: "\(base)/movie/550?append_to_response=videos%2Crecommendations&language=en-US"),
        Case(api: .videos(id: 58, language: "ko-KR"), url: "\(base)/movie/58/videos?language=ko-KR"),
        Case(api: .recommendations(id: 550, page: 2), url: "\(base)/movie/550/recommendations?language=en-US&page=2"),
        Case(
            api: .search(MovieSearchQuery(query: "fight club")),
            url: "\(base)/search/movie?include_adult=false&language=en-US&page=1&query=fight%20club"),
        Case(
            api: .search(MovieSearchQuery(query: "Amélie & co", page: 2, year: "2001", includeAdult: true)),
            url: "\(base)/search/movie?include_adult=true&language=en-US&page=2&query=Am%C3%A9lie%20%26%20co&year=2001"),
        Case(api: .genres(), url: "\(base)/genre/movie/list?language=en"),
    ]

    @Test("Each call becomes a GET with TMDB's path and query", arguments: cases)
    func request(_ testCase: Case) throws {
        let request = try Router<TMDBEndPoint>().makeRequest(for: TMDBEndPoint(testCase.api))
        #expect(request.httpMethod == "GET")
        #expect(request.url?.absoluteString == testCase.url)
        #expect(request.value(forHTTPHeaderField: "Accept") == "application/json")
        #expect(request.value(forHTTPHeaderField: "Authorization") == nil)
        #expect(request.httpBody == nil)
    }

    @Test("An API key goes in the query; a token in the Authorization header")
    func credentials() throws {
        let router = Router<TMDBEndPoint>()
        let keyed = try router.makeRequest(for: TMDBEndPoint(.genres(), credentials: .apiKey("k3y")))
        let token = try router.makeRequest(for: TMDBEndPoint(.genres(), credentials: .bearerToken("eyJtoken")))
        #expect(keyed.url?.absoluteString == "\(Self.base)/genre/movie/list?api_key=k3y&language=en")
        #expect(keyed.value(forHTTPHeaderField: "Authorization") == nil)
        #expect(token.url?.absoluteString == "\(Self.base)/genre/movie/list?language=en")
        #expect(token.value(forHTTPHeaderField: "Authorization") == "Bearer eyJtoken")
    }

    @Test("A custom base URL keeps its own path", arguments: ["http://127.0.0.1:8080/3", "http://127.0.0.1:8080/3/"])
    func customBase(_ base: String) throws {
        let url = try #require(URL(string: base))
        let request = try Router<TMDBEndPoint>().makeRequest(
            for: TMDBEndPoint(.details(id: 7), environment: .custom(url)))
        #expect(request.url?.absoluteString == "http://127.0.0.1:8080/3/movie/7?language=en-US")
    }

    @Test("The core logger never shows the API key or the token")
    func logRedaction() async throws {
        let (entries, sink) = AsyncStream.makeStream(of: String.self)
        let logger = NetworkLogger(sink: LogSink { sink.yield($0) })
        for credentials in [TMDBCredentials.apiKey("SECRET-KEY-123"), .bearerToken("eyJSECRET-TOKEN")] {
            let stub = StubTransport<TMDBEndPoint> { .sampleData(of: $0) }
            let router = Router<TMDBEndPoint>(configuration: RouterConfiguration(logger: logger), stub: stub)
            let endpoint = TMDBEndPoint(.popular(), credentials: credentials)
            _ = try await router.request(endpoint)
            #expect(!logger.cURL(for: try router.makeRequest(for: endpoint)).contains("SECRET"))
        }
        sink.finish()
        var log = ""
        for await entry in entries { log += entry + "\n" }
        #expect(log.contains("api_key=REDACTED"))
        #expect(log.contains("Authorization: REDACTED"))
        #expect(!log.contains("SECRET"))
    }

    @Test("sampleData is the offline body: a page for lists, TMDB's 404 body for an unknown id")
    func sampleData() throws {
        let page = try JSONDecoder().decode(MoviePage.self, from: TMDBEndPoint(.popular()).sampleData)
        let missing = try JSONDecoder().decode(TMDBStatus.self, from: TMDBEndPoint(.details(id: 1)).sampleData)
        #expect(page.results.count == 20)
        #expect(missing.statusCode == 34)
    }
}
