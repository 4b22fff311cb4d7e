import Foundation
import Testing

@testable import TMDB

@Suite("TMDB environments")
struct TMDBEnvironmentTests {
    @Test("Production keeps the endpoints' URL; staging and custom override it")
    func routerBaseURLs() throws {
        let local = try #require(URL(string: "http://127.0.0.1:8080/3"))
        #expect(TMDBEnvironment.production.routerBaseURL == nil)
        #expect(TMDBEnvironment.staging.routerBaseURL?.absoluteString == "https://api.themoviedb.org/3")
        #expect(TMDBEnvironment.custom(local).routerBaseURL == local)
    }

    @Test("Production and staging use TMDB's v3 API; custom uses its own URL")
    func baseURLs() throws {
        let local = try #require(URL(string: "http://127.0.0.1:8080/3"))
        #expect(TMDBEnvironment.production.baseURL.absoluteString == "https://api.themoviedb.org/3")
        #expect(TMDBEnvironment.staging.baseURL.absoluteString == "https://api.themoviedb.org/3")
        #expect(TMDBEnvironment.custom(local).baseURL == local)
    }
}
