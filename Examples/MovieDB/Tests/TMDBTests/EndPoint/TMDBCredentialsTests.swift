import Foundation
import NetworkLayer
import Testing

@testable import TMDB

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("TMDB credentials")
struct TMDBCredentialsTests {
    @Test(
        "Read from the environment; the token wins; blanks count as unset",
        arguments: [
            ([:], nil),
            (["TMDB_API_KEY": "abc"], TMDBCredentials.apiKey("abc")),
            (["TMDB_BEARER_TOKEN": "eyJx"], .bearerToken("eyJx")),
            (["TMDB_API_KEY": "abc", "TMDB_BEARER_TOKEN": "eyJx"], .bearerToken("eyJx")),
            (["TMDB_API_KEY": "  abc \n"], .apiKey("abc")),
            (["TMDB_API_KEY": "   ", "TMDB_BEARER_TOKEN": ""], nil),
        ] as [([String: String], TMDBCredentials?)])
    func fromEnvironment(environment: [String: String], expected: TMDBCredentials?) {
        #expect(TMDBCredentials.fromEnvironment(environment) == expected)
    }

    @Test("A key is the api_key plugin, a token the core's Bearer plugin")
    func plugins() {
        #expect(TMDBCredentials.apiKey("k").plugin is APIKeyQueryPlugin)
        #expect(TMDBCredentials.bearerToken("t").plugin is AccessTokenPlugin)
    }

    @Test("Sent: a key goes in the query, a token in the Authorization header")
    func sent() async throws {
        let keyed = try await sentRequest(
            for: .genres(), configuration: RouterConfiguration(plugins: [TMDBCredentials.apiKey("k3y").plugin]))
        let token = try await sentRequest(
            for: .genres(), configuration: RouterConfiguration(plugins: [TMDBCredentials.bearerToken("eyJt").plugin]))
        #expect(keyed.url?.absoluteString == "https://api.themoviedb.org/3/genre/movie/list?language=en&api_key=k3y")
        #expect(keyed.value(forHTTPHeaderField: "Authorization") == nil)
        #expect(token.url?.absoluteString == "https://api.themoviedb.org/3/genre/movie/list?language=en")
        #expect(token.value(forHTTPHeaderField: "Authorization") == "Bearer eyJt")
    }

    @Test("Descriptions never show the secret")
    func redactedDescription() {
        for credentials in [TMDBCredentials.apiKey("SECRET"), .bearerToken("SECRET")] {
            #expect(!"\(credentials)".contains("SECRET"))
            #expect(!String(reflecting: credentials).contains("SECRET"))
        }
    }
}
