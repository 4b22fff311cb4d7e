import Foundation
@_spi(Transport) import NetworkLayer
import NetworkLayerAsyncHTTPClient
import Testing

/// The local httpbin that `scripts/test.sh` starts, named by `HTTPBIN_URL`.
enum HTTPBin {
    static var server: URL? { ProcessInfo.processInfo.environment["HTTPBIN_URL"].flatMap(URL.init(string:)) }
}

/// httpbin's `/response-headers`, which answers with every query item as a header field, repeated ones kept.
@Suite("Repeated fields over AsyncHTTPClient", .enabled(if: HTTPBin.server != nil, "HTTPBIN_URL is not set"))
struct RepeatedFieldsTests {
    struct Fields: EndPointType {
        var baseURL: URL { HTTPBin.server ?? URL(fileURLWithPath: "/HTTPBIN_URL-not-set") }
        var path: String { "response-headers" }
        var httpMethod: HTTPMethod { .get }
        var task: HTTPTask {
            .requestParameters(
                bodyParameters: nil, bodyEncoding: .urlEncoding,
                urlParameters: ["Set-Cookie": ["a=1; Path=/", "b=2; Expires=Wed, 21 Oct 2037 07:28:00 GMT"]])
        }
        var headers: HTTPHeaders? { nil }
    }

    @Test("two Set-Cookie fields arrive as two fields, each whole")
    func setCookieKeptApart() async throws {
        let transport = AsyncHTTPClientTransport()
        let repeating = URLParameterEncoder(arrayEncoding: .noBrackets)
        let request = try Router<Fields>(configuration: RouterConfiguration(urlEncoder: repeating))
            .makeRequest(for: Fields())
        let head = try await transport.send(TransportRequest(head: request)).head
        try await transport.shutdown()
        #expect(
            head.headers.values(for: "Set-Cookie") == [
                "a=1; Path=/", "b=2; Expires=Wed, 21 Oct 2037 07:28:00 GMT",
            ])
    }
}
