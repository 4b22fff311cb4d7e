import Foundation
@_spi(Transport) import NetworkLayer
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("HTTPVersion")
struct HTTPVersionTests {
    private let url = URL(string: "https://api.example.com/v1/items")!

    @Test(
        "spells each version as RFC 9110 does",
        arguments: [
            (0, 9, "HTTP/0.9"), (1, 0, "HTTP/1.0"), (1, 1, "HTTP/1.1"), (2, 0, "HTTP/2"), (3, 0, "HTTP/3"),
            (2, 1, "HTTP/2.1"),
        ])
    func description(major: Int, minor: Int, spelled: String) {
        #expect(HTTPVersion(major: major, minor: minor).description == spelled)
    }

    @Test("negative numbers count as 0")
    func negative() {
        #expect(HTTPVersion(major: -1, minor: -3) == HTTPVersion(major: 0, minor: 0))
    }

    @Test("versions are equal when both numbers are")
    func equality() {
        #expect(HTTPVersion(major: 1, minor: 1) == HTTPVersion(major: 1, minor: 1))
        #expect(HTTPVersion(major: 1, minor: 1) != HTTPVersion(major: 1, minor: 0))
        #expect(HTTPVersion(major: 2, minor: 0) != HTTPVersion(major: 1, minor: 0))
    }

    @Test(
        "a head from parts keeps its version, and so does Foundation's response built from it",
        arguments: [HTTPVersion(major: 1, minor: 0), HTTPVersion(major: 1, minor: 1), HTTPVersion(major: 2, minor: 0)])
    func headFromParts(version: HTTPVersion) throws {
        let head = try #require(ResponseHead(statusCode: 200, httpVersion: version, headers: ["A": "1"], url: url))
        #expect(head.httpVersion == version)
        #expect(head.httpURLResponse.statusCode == 200)
        #expect(head.httpURLResponse.value(forHTTPHeaderField: "A") == "1")
    }

    @Test("a head from parts is HTTP/1.1 unless told otherwise")
    func defaultVersion() throws {
        let head = try #require(ResponseHead(statusCode: 204, url: url))
        #expect(head.httpVersion == HTTPVersion(major: 1, minor: 1))
    }

    @Test("a head from Foundation's response has no version, since that response does not tell it")
    func fromFoundation() throws {
        let response = try #require(
            HTTPURLResponse(url: url, statusCode: 200, httpVersion: "HTTP/1.0", headerFields: nil))
        #expect(ResponseHead(response).httpVersion == nil)
    }
}
