import Foundation
import Testing

@testable import NetworkLayer

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("ConditionalRequest")
struct ConditionalRequestTests {
    private static func request(_ headers: [String: String]) -> URLRequest {
        var request = URLRequest(url: URL(string: "https://api.example.com")!)
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        return request
    }

    @Test(
        "revalidation sends the stored validators back",
        arguments: [
            (["ETag": "\"a\""], "\"a\"", nil),
            (["Last-Modified": "Sun, 06 Nov 1994 08:49:37 GMT"], nil, "Sun, 06 Nov 1994 08:49:37 GMT"),
            (["ETag": "W/\"a\"", "Last-Modified": "x"], "W/\"a\"", "x"),
        ] as [([String: String], String?, String?)])
    func revalidating(stored: [String: String], ifNoneMatch: String?, ifModifiedSince: String?) throws {
        let conditional = try #require(ConditionalRequest.revalidating(Self.request([:]), stored: HTTPHeaders(stored)))
        #expect(conditional.value(forHTTPHeaderField: "If-None-Match") == ifNoneMatch)
        #expect(conditional.value(forHTTPHeaderField: "If-Modified-Since") == ifModifiedSince)
    }

    @Test("without validators there is nothing to revalidate with")
    func noValidators() {
        #expect(ConditionalRequest.revalidating(Self.request([:]), stored: ["Cache-Control": "no-cache"]) == nil)
    }

    @Test(
        "a client's conditional request against a stored response (RFC 9110 §13.1)",
        arguments: [
            (["If-None-Match": "\"a\""], ["ETag": "\"a\""], true),
            (["If-None-Match": "W/\"a\""], ["ETag": "\"a\""], true),
            (["If-None-Match": "\"b\", \"a\""], ["ETag": "W/\"a\""], true),
            (["If-None-Match": "\"b\""], ["ETag": "\"a\""], false),
            (["If-None-Match": "*"], ["ETag": "\"a\""], true),
            (["If-None-Match": "\"a\""], [:], false),
            (
                ["If-Modified-Since": "Sun, 06 Nov 1994 08:49:37 GMT"],
                ["Last-Modified": "Sun, 06 Nov 1994 08:49:37 GMT"], true
            ),
            (
                ["If-Modified-Since": "Sat, 05 Nov 1994 08:49:37 GMT"],
                ["Last-Modified": "Sun, 06 Nov 1994 08:49:37 GMT"], false
            ),
            (["If-Modified-Since": "garbage"], ["Last-Modified": "Sun, 06 Nov 1994 08:49:37 GMT"], false),
            (
                ["If-None-Match": "\"b\"", "If-Modified-Since": "Sun, 06 Nov 1994 08:49:37 GMT"],
                ["ETag": "\"a\"", "Last-Modified": "Sun, 06 Nov 1994 08:49:37 GMT"], false
            ),
        ] as [([String: String], [String: String], Bool)])
    func notModified(request: [String: String], stored: [String: String], expected: Bool) {
        #expect(ConditionalRequest.isNotModified(Self.request(request), stored: HTTPHeaders(stored)) == expected)
    }

    @Test(
        "a 304 updates the stored response whose entity tag it names",
        arguments: [
            ([:], ["ETag": "\"a\""], true), (["ETag": "\"a\""], ["ETag": "W/\"a\""], true),
            (["ETag": "\"b\""], ["ETag": "\"a\""], false), (["ETag": "\"b\""], [:], false),
        ] as [([String: String], [String: String], Bool)])
    func matches(update: [String: String], stored: [String: String], expected: Bool) {
        #expect(ConditionalRequest.matches(HTTPHeaders(update), stored: HTTPHeaders(stored)) == expected)
    }
}
