import Foundation
@_spi(Transport) import NetworkLayer
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A response head that contradicts itself fails, whichever transport delivered it.
@Suite("Response framing")
struct ResponseFramingTests {
    @Test(
        "Content-Length fields: agreeing ones are one length, disagreeing ones a bad response",
        arguments: [("9", true), ("9, 9", true), ("2, 9", false), ("9,2", false)])
    func contentLength(field: String, accepted: Bool) async {
        let router = Router<TestEndpoint>(
            transport: ClosureTransport.status(200, body: "123456789", headers: ["Content-Length": field]))

        let result: Result<Response, NetworkError>
        do {
            result = .success(try await router.request(TestEndpoint()))
        } catch {
            result = .failure(error)
        }

        switch result {
        case .success(let response):
            #expect(accepted)
            #expect(response.data.count == 9)
        case .failure(let failure) where failure.kind == .badResponse:
            #expect(!accepted)
            #expect(String(describing: failure).contains("GET https://api.example.com/3/movie/popular"))
        case .failure(let error):
            Issue.record("unexpected \(error)")
        }
    }
}

/// The framing rule itself: what a head says by itself, and what a delivered body must agree with.
@Suite("Response framing rule")
struct ResponseFramingRuleTests {
    private static let url = URL(string: "https://api.example.com/items")!

    private static func head(status: Int = 200, _ fields: [(String, String)]) throws -> ResponseHead {
        var headers: HTTPHeaders = [:]
        for (name, value) in fields { headers.add(name: name, value: value) }
        return try #require(ResponseHead(statusCode: status, headers: headers, url: url))
    }

    @Test(
        "a Content-Length that is not one plain decimal number, or is past Int64, is a framing error",
        arguments: [
            ("9", false), (" 9\t", false), ("09", false), ("9, 9", false), ("0", false),
            ("+9", true), ("-1", true), ("0x5", true), ("5 9", true), ("9.0", true), ("1e1", true),
            ("9,", true), (",9", true), ("", true), ("9;x", true), ("٩", true), ("5, 9", true),
            ("9223372036854775807", false), ("9223372036854775808", true), ("10000000000000000000", true),
            ("\t 9 \t,  9", false), (" \t ", true), ("9 ,\t", true), ("\u{A0}9", true), ("9\u{A0}", true),
        ])
    func headRule(value: String, refused: Bool) throws {
        let error = try Self.head([("Content-Length", value)]).framingError
        #expect((error != nil) == refused)
        #expect(error.map { $0.kind == .badResponse } ?? true)
    }

    /// (status, method, fields, delivered bytes, refused)
    @Test(
        "a delivered body must have the length of a plain Content-Length, unless it has none or is compressed",
        arguments: [
            (200, "GET", [("Content-Length", "5")], 5, false),
            (200, "GET", [("Content-Length", "5")], 9, true),
            (200, "GET", [("Content-Length", "9")], 5, true),
            (200, "GET", [("Content-Length", "5"), ("Content-Encoding", "gzip")], 9, false),
            (200, "GET", [("Content-Length", "5"), ("Content-Encoding", "identity")], 9, true),
            (200, "HEAD", [("Content-Length", "5")], 0, false),
            (304, "GET", [("Content-Length", "5")], 0, false),
            (204, "GET", [("Content-Length", "5")], 0, false),
            (200, "GET", [], 9, false),
            (200, "GET", [("Content-Length", "+9")], 9, true),
        ] as [(Int, String, [(String, String)], Int64, Bool)])
    func deliveredRule(
        status: Int, method: String, fields: [(String, String)], delivered: Int64, refused: Bool
    ) throws {
        var request = URLRequest(url: Self.url)
        request.httpMethod = method
        let error = try Self.head(status: status, fields).framingError(delivered: delivered, after: request)
        #expect((error != nil) == refused)
        #expect(error.map { $0.kind == .badResponse } ?? true)
    }
}
