import Foundation
import Testing

@_spi(Transport) @testable import NetworkLayer

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("Response.retryAfter")
struct ResponseRetryAfterTests {
    private func response(retryAfter: String?) throws -> Response {
        let url = try #require(URL(string: "https://api.example.com/x"))
        let headers = retryAfter.map { ["Retry-After": $0] }
        let head = try #require(
            HTTPURLResponse(url: url, statusCode: 429, httpVersion: "HTTP/1.1", headerFields: headers))
        return Response(request: URLRequest(url: url), httpResponse: head, data: Data())
    }

    @Test(
        "reads seconds and HTTP dates, and nothing else",
        arguments: [
            ("2", 2.0), ("0", 0.0), ("Sun, 06 Nov 1994 08:49:42 GMT", 5.0), ("Sun, 06 Nov 1994 08:49:30 GMT", 0.0),
        ] as [(String, TimeInterval)]
    )
    func readable(header: String, expected: TimeInterval) throws {
        let now = Date(timeIntervalSince1970: 784_111_777)  // Sun, 06 Nov 1994 08:49:37 GMT
        #expect(try response(retryAfter: header).retryAfter(now: now) == expected)
    }

    @Test("is nil without a readable header", arguments: [nil, "soon", "-1", "1.5"] as [String?])
    func unreadable(header: String?) throws {
        #expect(try response(retryAfter: header).retryAfter == nil)
    }
}
