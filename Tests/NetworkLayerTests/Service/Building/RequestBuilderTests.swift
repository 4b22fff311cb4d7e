import Foundation
@_spi(Transport) import NetworkLayer
import Testing

/// One request the router should build: the endpoint, the router settings and what must come out.
struct BuildCase: Sendable, CustomTestStringConvertible {
    let name: String
    var configuration = RouterConfiguration()
    let endpoint: TestEndpoint
    let url: String
    var method = "GET"
    var headers: [String: String] = [:]
    var body: String?
    var timeout: TimeInterval = 60

    var testDescription: String { name }
}

@Suite("Router.makeRequest")
struct RequestBuilderTests {
    static let json = "application/json"
    static let form = "application/x-www-form-urlencoded; charset=utf-8"
    static let base = "https://api.example.com/3/movie/popular"

    static let cases: [BuildCase] = [
        BuildCase(name: "plain GET", endpoint: TestEndpoint(), url: base),
        BuildCase(
            name: "query sorted, encoded once",
            endpoint: TestEndpoint(
                task: .requestParameters(
                    bodyParameters: nil, bodyEncoding: .urlEncoding,
                    urlParameters: ["page": 2, "email": "me@x.org", "api_key": "k"])),
            url: base + "?api_key=k&email=me%40x.org&page=2"
        ),
        BuildCase(
            name: "query appended to the base URL's query",
            endpoint: TestEndpoint(
                baseURL: URL(string: "https://api.example.com/3?api_key=k")!,
                task: .requestParameters(bodyParameters: nil, bodyEncoding: .urlEncoding, urlParameters: ["page": 1])),
            url: "https://api.example.com/3/movie/popular?api_key=k&page=1"
        ),
        BuildCase(
            name: "POST JSON body and query",
            endpoint: TestEndpoint(
                httpMethod: .post,
                task: .requestParameters(
                    bodyParameters: ["b": 1, "a": "x"], bodyEncoding: .jsonEncoding, urlParameters: ["q": "1"])),
            url: base + "?q=1", method: "POST", headers: ["Content-Type": json], body: #"{"a":"x","b":1}"#
        ),
        BuildCase(
            name: "urlAndJsonEncoding with only a body",
            endpoint: TestEndpoint(
                httpMethod: .post,
                task: .requestParameters(
                    bodyParameters: ["a": 1], bodyEncoding: .urlAndJsonEncoding, urlParameters: nil)),
            url: base, method: "POST", headers: ["Content-Type": json], body: #"{"a":1}"#
        ),
        BuildCase(
            name: "urlAndJsonEncoding with only a query",
            endpoint: TestEndpoint(
                httpMethod: .post,
                task: .requestParameters(
                    bodyParameters: nil, bodyEncoding: .urlAndJsonEncoding, urlParameters: ["a": 1])),
            url: base + "?a=1", method: "POST"
        ),
        BuildCase(
            name: "urlAndJsonEncoding with both",
            endpoint: TestEndpoint(
                httpMethod: .put,
                task: .requestParameters(
                    bodyParameters: ["b": true], bodyEncoding: .urlAndJsonEncoding, urlParameters: ["a": 1])),
            url: base + "?a=1", method: "PUT", headers: ["Content-Type": json], body: #"{"b":true}"#
        ),
        BuildCase(
            name: "POST form body",
            endpoint: TestEndpoint(
                httpMethod: .post,
                task: .requestParameters(
                    bodyParameters: ["name": "a b+c"], bodyEncoding: .urlEncoding, urlParameters: nil)),
            url: base, method: "POST", headers: ["Content-Type": form], body: "name=a%20b%2Bc"
        ),
        BuildCase(
            name: "GET url-encoded body parameters go to the query",
            endpoint: TestEndpoint(
                task: .requestParameters(
                    bodyParameters: ["page": 3], bodyEncoding: .urlEncoding, urlParameters: ["lang": "en"])),
            url: base + "?lang=en&page=3"
        ),
        BuildCase(
            name: "DELETE url-encoded body parameters go to the query",
            endpoint: TestEndpoint(
                httpMethod: .delete,
                task: .requestParameters(
                    bodyParameters: ["id": 7], bodyEncoding: .urlEncoding, urlParameters: nil)),
            url: base + "?id=7", method: "DELETE"
        ),
        BuildCase(
            name: "raw data with its content type",
            endpoint: TestEndpoint(
                httpMethod: .post,
                task: .requestData(Data("<a/>".utf8), contentType: "application/xml", urlParameters: ["v": 2])),
            url: base + "?v=2", method: "POST", headers: ["Content-Type": "application/xml"], body: "<a/>"
        ),
        BuildCase(
            name: "Encodable body and query",
            endpoint: TestEndpoint(
                httpMethod: .patch, task: .requestEncodable(body: ["rating": 8.5], query: ["session": "s"])),
            url: base + "?session=s", method: "PATCH", headers: ["Content-Type": json], body: #"{"rating":8.5}"#
        ),
        BuildCase(
            name: "caller-set Content-Type kept",
            endpoint: TestEndpoint(
                httpMethod: .post,
                task: .requestParameters(bodyParameters: ["a": 1], bodyEncoding: .jsonEncoding, urlParameters: nil),
                headers: ["content-type": "application/vnd.api+json"]),
            url: base, method: "POST", headers: ["Content-Type": "application/vnd.api+json"], body: #"{"a":1}"#
        ),
        BuildCase(
            name: "headers: task over endpoint over router",
            configuration: RouterConfiguration(headers: ["X-Level": "router", "X-Router": "r", "Accept": "text/plain"]),
            endpoint: TestEndpoint(
                task: .requestParametersAndHeaders(
                    bodyParameters: nil, bodyEncoding: .urlEncoding, urlParameters: nil,
                    additionHeaders: ["X-LEVEL": "task", "X-Task": "t"]),
                headers: ["x-level": "endpoint", "X-Endpoint": "e", "Accept": "application/json"]),
            url: base,
            headers: [
                "X-Level": "task", "X-Router": "r", "X-Endpoint": "e", "X-Task": "t", "Accept": "application/json",
            ]
        ),
        BuildCase(name: "custom method", endpoint: TestEndpoint(httpMethod: "PROPFIND"), url: base, method: "PROPFIND"),
        BuildCase(
            name: "router timeout", configuration: RouterConfiguration(timeout: 30), endpoint: TestEndpoint(),
            url: base, timeout: 30),
        BuildCase(
            name: "endpoint timeout wins", configuration: RouterConfiguration(timeout: 30),
            endpoint: TestEndpoint(timeout: 5), url: base, timeout: 5
        ),
        BuildCase(
            name: "GET body allowed when the endpoint opts in",
            endpoint: TestEndpoint(
                task: .requestParameters(bodyParameters: ["a": 1], bodyEncoding: .jsonEncoding, urlParameters: nil),
                allowsBodyInGET: true), url: base, headers: ["Content-Type": json], body: #"{"a":1}"#),
        BuildCase(
            name: "the router's base URL replaces the endpoint's",
            configuration: RouterConfiguration(baseURL: URL(string: "http://127.0.0.1:8080/v3/")!),
            endpoint: TestEndpoint(), url: "http://127.0.0.1:8080/v3/movie/popular"),
        BuildCase(
            name: "GET with empty raw data is no body at all",
            endpoint: TestEndpoint(task: .requestData(Data())), url: base, body: ""),
        BuildCase(
            name: "file upload: head only, octet-stream by default",
            endpoint: TestEndpoint(
                httpMethod: .put, task: .uploadFile(URL(fileURLWithPath: "/tmp/x.bin"), urlParameters: ["v": 1])),
            url: base + "?v=1", method: "PUT", headers: ["Content-Type": "application/octet-stream"]),
        BuildCase(
            name: "multipart upload: the form's Content-Type wins over the endpoint's",
            endpoint: TestEndpoint(
                httpMethod: .post, task: .uploadMultipart(MultipartFormData(boundary: "b0")),
                headers: ["Content-Type": "text/plain"]),
            url: base, method: "POST", headers: ["Content-Type": "multipart/form-data; boundary=b0"]),
    ]

    @Test("builds", arguments: cases)
    func builds(_ row: BuildCase) throws {
        let router = Router<TestEndpoint>(configuration: row.configuration, transport: ClosureTransport.status(200))
        let request = try router.makeRequest(for: row.endpoint)
        #expect(request.url?.absoluteString == row.url)
        #expect(request.httpMethod == row.method)
        #expect(request.timeoutInterval == row.timeout)
        for (name, value) in row.headers {
            #expect(request.value(forHTTPHeaderField: name) == value, "header \(name)")
        }
        if row.headers["Content-Type"] == nil {
            #expect(request.value(forHTTPHeaderField: "Content-Type") == nil)
        }
        #expect(request.httpBody.map { String(decoding: $0, as: UTF8.self) } == row.body)
    }

    @Test("a fractional timeout is rounded up to whole seconds on Linux")
    func fractionalTimeout() throws {
        let router = Router<TestEndpoint>(transport: ClosureTransport.status(200))
        let request = try router.makeRequest(for: TestEndpoint(timeout: 0.5))
        #if canImport(FoundationNetworking)
        #expect(request.timeoutInterval == 1)
        #else
        #expect(request.timeoutInterval == 0.5)
        #endif
    }

    @Test("headers are sent exactly once each, whatever their case")
    func headersNotDuplicated() throws {
        let router = Router<TestEndpoint>(
            configuration: RouterConfiguration(headers: ["accept": "a"]), transport: ClosureTransport.status(200))
        let request = try router.makeRequest(for: TestEndpoint(headers: ["Accept": "b"]))
        let accepts = (request.allHTTPHeaderFields ?? [:]).filter { $0.key.lowercased() == "accept" }
        #expect(accepts.count == 1)
        #expect(accepts.first?.value == "b")
    }
}
