import Foundation
@_spi(Transport) import NetworkLayer
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The HTTP version the transports without a wire report: HTTP/1.1 unless the test says otherwise.
@Suite("HTTP version of ClosureTransport and StubTransport")
struct HTTPVersionOfFakeTransportsTests {
    enum Item: EndPointType {
        case one

        var baseURL: URL { URL(string: "https://api.example.com")! }
        var path: String { "items/1" }
        var sampleData: Data { Data("{}".utf8) }
    }

    private static func answer(_ request: URLRequest) throws -> (Data, HTTPURLResponse) {
        let url = try #require(request.url)
        let response = try #require(HTTPURLResponse(url: url, statusCode: 200, httpVersion: nil, headerFields: nil))
        return (Data("{}".utf8), response)
    }

    @Test("ClosureTransport reports HTTP/1.1 by default")
    func closureDefault() async throws {
        let router = Router<Item>(transport: ClosureTransport { try Self.answer($0) })

        let response = try await router.request(.one)

        #expect(response.head.httpVersion == HTTPVersion(major: 1, minor: 1))
    }

    @Test(
        "ClosureTransport reports the version it was given",
        arguments: [HTTPVersion(major: 1, minor: 0), HTTPVersion(major: 2, minor: 0), HTTPVersion(major: 3, minor: 0)])
    func closureGiven(version: HTTPVersion) async throws {
        let router = Router<Item>(transport: ClosureTransport(httpVersion: version) { try Self.answer($0) })

        let response = try await router.request(.one)

        #expect(response.head.httpVersion == version)
    }

    @Test("StubTransport reports HTTP/1.1, for buffered and streamed responses alike")
    func stub() async throws {
        let router = Router<Item>(stub: StubTransport { _ in .stream(chunks: ["a", "b"]) })

        let response = try await router.request(.one)
        let streamed = try await router.stream(.one)

        #expect(response.head.httpVersion == HTTPVersion(major: 1, minor: 1))
        #expect(streamed.response.head.httpVersion == HTTPVersion(major: 1, minor: 1))
    }
}
