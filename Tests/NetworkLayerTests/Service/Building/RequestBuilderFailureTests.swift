import Foundation
@_spi(Transport) import NetworkLayer
import Testing

/// An endpoint that cannot be built, and the typed reason the router must give.
struct BuildFailureCase: Sendable, CustomTestStringConvertible {
    let name: String
    let endpoint: TestEndpoint
    let error: RequestBuildError

    var testDescription: String { name }
}

@Suite("Router.makeRequest failures")
struct RequestBuilderFailureTests {
    static let jsonBody = HTTPTask.requestParameters(
        bodyParameters: ["a": 1], bodyEncoding: .jsonEncoding, urlParameters: nil)

    static let cases: [BuildFailureCase] = [
        BuildFailureCase(
            name: "GET with a JSON body", endpoint: TestEndpoint(task: jsonBody),
            error: .bodyNotAllowed(method: "GET")
        ),
        BuildFailureCase(
            name: "HEAD with a JSON body", endpoint: TestEndpoint(httpMethod: .head, task: jsonBody),
            error: .bodyNotAllowed(method: "HEAD")
        ),
        BuildFailureCase(
            name: "GET with an Encodable body", endpoint: TestEndpoint(task: .requestEncodable(body: ["a": 1])),
            error: .bodyNotAllowed(method: "GET")
        ),
        BuildFailureCase(
            name: "GET with raw data", endpoint: TestEndpoint(task: .requestData(Data("x".utf8))),
            error: .bodyNotAllowed(method: "GET")
        ),
        BuildFailureCase(
            name: "GET with a file upload", endpoint: TestEndpoint(task: .uploadFile(URL(fileURLWithPath: "/tmp/x"))),
            error: .bodyNotAllowed(method: "GET")
        ),
        BuildFailureCase(
            name: "CRLF in an endpoint header value", endpoint: TestEndpoint(headers: ["X-A": "1\r\nX-B: 2"]),
            error: .invalidHeader(name: "X-A")
        ),
        BuildFailureCase(
            name: "NUL in a task header value",
            endpoint: TestEndpoint(
                task: .requestParametersAndHeaders(
                    bodyParameters: nil, bodyEncoding: .urlEncoding, urlParameters: nil,
                    additionHeaders: ["X-A": "\u{0}"])),
            error: .invalidHeader(name: "X-A")
        ),
        BuildFailureCase(
            name: "empty header name", endpoint: TestEndpoint(headers: ["": "x"]), error: .invalidHeader(name: "")),
        BuildFailureCase(
            name: "non-token header name", endpoint: TestEndpoint(headers: ["X A": "x"]),
            error: .invalidHeader(name: "X A")
        ),
        BuildFailureCase(
            name: "base URL without host", endpoint: TestEndpoint(baseURL: URL(string: "/v3")!),
            error: .invalidURL("/v3")
        ),
        BuildFailureCase(
            name: "unsupported query value",
            endpoint: TestEndpoint(
                task: .requestParameters(
                    bodyParameters: nil, bodyEncoding: .urlEncoding, urlParameters: ["w": Widget()])),
            error: .unsupportedParameter(key: "w", type: "Widget")
        ),
        BuildFailureCase(
            name: "Date in a JSON body",
            endpoint: TestEndpoint(
                httpMethod: .post,
                task: .requestParameters(
                    bodyParameters: ["d": Date()], bodyEncoding: .jsonEncoding, urlParameters: nil)),
            error: .unsupportedParameter(key: "d", type: "Date")
        ),
        BuildFailureCase(
            name: "NaN in a form body",
            endpoint: TestEndpoint(
                httpMethod: .post,
                task: .requestParameters(
                    bodyParameters: ["n": Double.nan], bodyEncoding: .urlEncoding, urlParameters: nil)),
            error: .nonFiniteNumber(key: "n")
        ),
        BuildFailureCase(
            name: "CRLF in a raw body's content type",
            endpoint: TestEndpoint(httpMethod: .post, task: .requestData(Data("x".utf8), contentType: "a\r\nX: 1")),
            error: .invalidHeader(name: "Content-Type")
        ),
        BuildFailureCase(
            name: "LF in an upload's content type",
            endpoint: TestEndpoint(
                httpMethod: .put, task: .uploadFile(URL(fileURLWithPath: "/tmp/x"), contentType: "text/plain\nX: 1")),
            error: .invalidHeader(name: "Content-Type")
        ),
    ]

    @Test("throws NetworkError.invalidRequest with the reason", arguments: cases)
    func fails(_ row: BuildFailureCase) {
        let router = Router<TestEndpoint>(transport: ClosureTransport.status(200))
        #expect(buildError(router, row.endpoint) == row.error)
    }

    @Test("a router header is validated too")
    func routerHeaderValidated() {
        let router = Router<TestEndpoint>(
            configuration: RouterConfiguration(headers: ["X-Bad": "a\nb"]), transport: ClosureTransport.status(200))
        #expect(buildError(router, TestEndpoint()) == .invalidHeader(name: "X-Bad"))
    }

    private func buildError(_ router: Router<TestEndpoint>, _ endpoint: TestEndpoint) -> RequestBuildError? {
        do {
            _ = try router.makeRequest(for: endpoint)
            return nil
        } catch {
            guard let reason = error.buildError else { return nil }
            return reason
        }
    }
}
