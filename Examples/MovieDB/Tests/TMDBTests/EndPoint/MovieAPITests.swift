import Foundation
import NetworkLayer
import Testing

@testable import TMDB

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("MovieAPI → URLRequest")
struct MovieAPITests {
    struct Case: Sendable, CustomTestStringConvertible {
        let api: MovieAPI
        let url: String
        var testDescription: String { url }
    }

    static let base = "https://api.themoviedb.org/3"

    static let cases: [Case] = [
        Case(api: .nowPlaying(), url: "\(base)/movie/now_playing?language=en-US&page=1"),
        Case(
            api: .popular(page: 3, language: "de-DE", region: "DE"),
            url: "\(base)/movie/popular?language=de-DE&page=3&region=DE"),
        Case(api: .topRated(page: 500), url: "\(base)/movie/top_rated?language=en-US&page=500"),
        Case(api: .upcoming(region: "GB"), url: "\(base)/movie/upcoming?language=en-US&page=1&region=GB"),
        Case(api: .details(id: 550), url: "\(base)/movie/550?language=en-US"),
        Case(
            api: .details(id: 550, appendToResponse: ["videos", "recommendations"]),
            url: "\(base)/movie/550?append_to_response=videos%2Crecommendations&language=en-US"),
        Case(api: .videos(id: 58, language: "ko-KR"), url: "\(base)/movie/58/videos?language=ko-KR"),
        Case(api: .recommendations(id: 550, page: 2), url: "\(base)/movie/550/recommendations?language=en-US&page=2"),
        Case(
            api: .search(query: "fight club"),
            url: "\(base)/search/movie?include_adult=false&language=en-US&page=1&query=fight%20club"),
        Case(
            api: .search(query: "Amélie & co", page: 2, year: 2001, includeAdult: true),
            url: "\(base)/search/movie?include_adult=true&language=en-US&page=2&query=Am%C3%A9lie%20%26%20co&year=2001"),
        Case(
            api: .search(query: "heat", primaryReleaseYear: 1995, region: "US"),
            url: "\(base)/search/movie?include_adult=false&language=en-US&page=1&primary_release_year=1995"
                + "&query=heat&region=US"),
        Case(api: .genres(), url: "\(base)/genre/movie/list?language=en"),
    ]

    @Test("Each case becomes a GET with TMDB's path and query, on production", arguments: cases)
    func request(_ testCase: Case) throws {
        let request = try Router<MovieAPI>().makeRequest(for: testCase.api)
        #expect(request.httpMethod == "GET")
        #expect(request.url?.absoluteString == testCase.url)
        #expect(request.value(forHTTPHeaderField: "Accept") == "application/json")
        #expect(request.value(forHTTPHeaderField: "Authorization") == nil)
        #expect(request.httpBody == nil)
    }

    @Test("The router's base URL replaces production, with or without a trailing slash", arguments: cases)
    func customBase(_ testCase: Case) throws {
        for base in ["http://127.0.0.1:8080/3", "http://127.0.0.1:8080/3/"] {
            let url = try #require(URL(string: base))
            let router = Router<MovieAPI>(configuration: RouterConfiguration(baseURL: url))
            let request = try router.makeRequest(for: testCase.api)
            let expected = testCase.url.replacingOccurrences(of: Self.base, with: "http://127.0.0.1:8080/3")
            #expect(request.url?.absoluteString == expected)
        }
    }

    @Test("Every endpoint points at production and asks for JSON")
    func endpointProperties() {
        for testCase in Self.cases {
            #expect(testCase.api.baseURL.absoluteString == Self.base)
            #expect(testCase.api.headers == ["Accept": "application/json"])
            #expect(testCase.api.requiresAuthentication)
        }
    }

    @Test("The cases' defaults are TMDB's, and the documented constants")
    func defaults() {
        #expect(MovieAPI.popular() == .popular(page: 1, language: MovieAPI.defaultLanguage, region: nil))
        #expect(MovieAPI.details(id: 7) == .details(id: 7, language: MovieAPI.defaultLanguage, appendToResponse: []))
        #expect(MovieAPI.genres() == .genres(language: MovieAPI.defaultGenreLanguage))
        #expect(
            MovieAPI.search(query: "x")
                == .search(
                    query: "x", page: 1, year: nil, primaryReleaseYear: nil, includeAdult: false,
                    language: MovieAPI.defaultLanguage, region: nil))
    }
}
