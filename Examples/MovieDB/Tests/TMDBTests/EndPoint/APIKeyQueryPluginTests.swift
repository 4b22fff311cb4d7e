import Foundation
import NetworkLayer
import Testing

@testable import TMDB

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("APIKeyQueryPlugin")
struct APIKeyQueryPluginTests {
    /// An endpoint that opts out of credentials, as a sign-in call would.
    enum PublicEndPoint: EndPointType {
        case status
        var baseURL: URL { MovieAPI.productionURL }
        var path: String { "status" }
        var requiresAuthentication: Bool { false }
    }

    @Test(
        "The key is appended after the endpoint's query, escaped like the rest",
        arguments: [
            ("k3y", "https://api.themoviedb.org/3/genre/movie/list?language=en&api_key=k3y"),
            ("a b&c=d/é", "https://api.themoviedb.org/3/genre/movie/list?language=en&api_key=a%20b%26c%3Dd/%C3%A9"),
        ])
    func appendsKey(key: String, expected: String) async throws {
        let configuration = RouterConfiguration(plugins: [APIKeyQueryPlugin(key: key)])
        let request = try await sentRequest(for: .genres(), configuration: configuration)
        #expect(request.url?.absoluteString == expected)
        #expect(request.value(forHTTPHeaderField: "Authorization") == nil)
    }

    @Test("The escaping is the core URLParameterEncoder's")
    func sameEscapingAsCore() async throws {
        let key = "a+b c;d?e#f"
        let configuration = RouterConfiguration(plugins: [APIKeyQueryPlugin(key: key)])
        let request = try await sentRequest(for: .genres(), configuration: configuration)
        let query = try URLParameterEncoder().queryString(for: ["api_key": key])
        #expect(request.url?.absoluteString.hasSuffix("&" + query) == true)
    }

    @Test("An endpoint that needs no credentials goes out without the key")
    func optOut() async throws {
        var request = URLRequest(url: try #require(URL(string: "https://api.themoviedb.org/3/status")))
        let plugin = APIKeyQueryPlugin(key: "k3y")
        request = try await plugin.prepare(request, context: PluginContext(endpoint: PublicEndPoint.status, attempt: 1))
        #expect(request.url?.absoluteString == "https://api.themoviedb.org/3/status")
        let movies = try await plugin.prepare(request, context: PluginContext(endpoint: MovieAPI.genres(), attempt: 1))
        #expect(movies.url?.absoluteString == "https://api.themoviedb.org/3/status?api_key=k3y")
    }

    @Test("The description never shows the key")
    func redactedDescription() {
        let plugin = APIKeyQueryPlugin(key: "SECRET")
        #expect(!"\(plugin)".contains("SECRET"))
        #expect(!String(reflecting: plugin).contains("SECRET"))
    }
}
