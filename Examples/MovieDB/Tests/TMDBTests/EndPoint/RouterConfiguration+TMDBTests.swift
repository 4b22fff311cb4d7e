import Foundation
import NetworkLayer
import Testing

@testable import TMDB

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("RouterConfiguration.tmdb")
struct RouterConfigurationTMDBTests {
    static let local = URL(string: "http://127.0.0.1:8080/3") ?? URL(fileURLWithPath: "/")

    @Test(
        "The environment becomes the router's base URL",
        arguments: [
            (TMDBEnvironment.production, "https://api.themoviedb.org/3/movie/7?language=en-US"),
            (.staging, "https://api.themoviedb.org/3/movie/7?language=en-US"),
            (.custom(local), "http://127.0.0.1:8080/3/movie/7?language=en-US"),
        ])
    func environment(environment: TMDBEnvironment, expected: String) throws {
        let router = Router<MovieAPI>(configuration: .tmdb(environment: environment, credentials: nil))
        #expect(router.configuration.baseURL == environment.routerBaseURL)
        #expect(try router.makeRequest(for: .details(id: 7)).url?.absoluteString == expected)
    }

    @Test("A custom server gets the credentials too")
    func customServer() async throws {
        let configuration = RouterConfiguration.tmdb(environment: .custom(Self.local), credentials: .apiKey("k3y"))
        let request = try await sentRequest(for: .details(id: 7), configuration: configuration)
        #expect(request.url?.absoluteString == "http://127.0.0.1:8080/3/movie/7?language=en-US&api_key=k3y")
    }

    @Test("No credentials, no plugins; one credential, its plugin")
    func plugins() {
        #expect(RouterConfiguration.tmdb(credentials: nil).plugins.isEmpty)
        #expect(RouterConfiguration.tmdb(credentials: .apiKey("k")).plugins.count == 1)
        #expect(RouterConfiguration.tmdb(credentials: .bearerToken("t")).plugins.first is AccessTokenPlugin)
    }

    @Test("The core logger never shows the API key or the token that were sent")
    func logRedaction() async throws {
        let (entries, sink) = AsyncStream.makeStream(of: String.self)
        let logger = NetworkLogger(sink: LogSink { sink.yield($0) })
        var sent: [URLRequest] = []
        for credentials in [TMDBCredentials.apiKey("SECRET-KEY-123"), .bearerToken("eyJSECRET-TOKEN")] {
            let configuration = RouterConfiguration.tmdb(credentials: credentials, logger: logger)
            sent.append(try await sentRequest(for: .popular(), configuration: configuration))
        }
        sink.finish()
        var log = ""
        for await entry in entries { log += entry + "\n" }
        #expect(sent[0].url?.absoluteString.contains("api_key=SECRET-KEY-123") == true)
        #expect(sent[1].value(forHTTPHeaderField: "Authorization") == "Bearer eyJSECRET-TOKEN")
        for request in sent { #expect(!logger.cURL(for: request).contains("SECRET")) }
        #expect(log.contains("api_key=REDACTED"))
        #expect(log.contains("Authorization: REDACTED"))
        #expect(!log.contains("SECRET"))
    }
}
