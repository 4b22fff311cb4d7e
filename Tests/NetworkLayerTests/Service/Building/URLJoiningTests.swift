import Foundation
import Testing

@_spi(Transport) @testable import NetworkLayer

@Suite("URLJoining (DefiningEndpoints.md, Base URL and path)")
struct URLJoiningTests {
    @Test(
        "joins base URL and path",
        arguments: [
            ("https://api.themoviedb.org/3", "movie/popular", "https://api.themoviedb.org/3/movie/popular"),
            ("https://api.themoviedb.org/3", "/movie/popular", "https://api.themoviedb.org/3/movie/popular"),
            ("https://api.themoviedb.org/3/", "movie/popular", "https://api.themoviedb.org/3/movie/popular"),
            ("https://api.themoviedb.org/3/", "/movie/popular", "https://api.themoviedb.org/3/movie/popular"),
            ("https://api.themoviedb.org", "movie", "https://api.themoviedb.org/movie"),
            ("https://api.themoviedb.org/a/b", "c/d/", "https://api.themoviedb.org/a/b/c/d/"),
            ("https://x.org/3", "search/a b", "https://x.org/3/search/a%20b"),
            ("https://x.org/3", "search/a%20b", "https://x.org/3/search/a%20b"),
            ("https://x.org/3", "100%", "https://x.org/3/100%25"),
            ("https://x.org/3", "x?admin=1", "https://x.org/3/x%3Fadmin=1"),
            ("https://x.org/3", "x#frag", "https://x.org/3/x%23frag"),
            ("https://x.org/3", "users/me@x.org:8;v=1", "https://x.org/3/users/me@x.org:8;v=1"),
            ("https://x.org/3", "caf\u{E9}", "https://x.org/3/caf%C3%A9"),
            ("https://x.org/3", "", "https://x.org/3"),
            ("https://x.org/3/", "", "https://x.org/3/"),
            ("https://x.org/3", "/", "https://x.org/3"),
            ("https://x.org/3?api_key=k", "movie", "https://x.org/3/movie?api_key=k"),
            ("https://x.org/3?api_key=k#f", "movie", "https://x.org/3/movie?api_key=k#f"),
            ("http://127.0.0.1:8080", "get", "http://127.0.0.1:8080/get"),
            ("HTTP://x.org/3", "movie", "http://x.org/3/movie"),
            ("HtTpS://x.org", "", "https://x.org"),
        ]
    )
    func joins(base: String, path: String, expected: String) throws {
        let url = try URLJoining.url(base: URL(string: base)!, path: path)
        #expect(url.absoluteString == expected)
    }

    @Test(
        "a base URL without scheme or host is a typed error",
        arguments: ["/relative/path", "api.example.com/3", "mailto:me@x.org", "file:///tmp/x"])
    func rejectsBaseWithoutHost(base: String) throws {
        let url = try #require(URL(string: base))
        #expect(throws: RequestBuildError.invalidURL(url.absoluteString)) {
            try URLJoining.url(base: url, path: "movie")
        }
    }

    @Test(
        "a path with a . or .. segment is rejected, so it cannot leave the base path",
        arguments: [
            "../../../admin", "a/../b", "./x", "a/.", "a/..", "..", ".", "/../admin", "%2e%2e/admin",
            "%2E%2e/x", ".%2E/x", "a/%2e",
        ])
    func rejectsDotSegments(path: String) {
        #expect(throws: RequestBuildError.invalidPath(path)) {
            try URLJoining.url(base: URL(string: "http://h/api/v1")!, path: path)
        }
    }

    @Test(
        "dots inside a segment are ordinary characters",
        arguments: ["a..b/c", "...", ".hidden", "v1.2/x", ".well-known/openid-configuration", "%2e%2e%2e"])
    func keepsDotsInsideSegments(path: String) throws {
        let url = try URLJoining.url(base: URL(string: "http://h/api/v1")!, path: path)
        #expect(url.path.hasPrefix("/api/v1/"))
    }
}
