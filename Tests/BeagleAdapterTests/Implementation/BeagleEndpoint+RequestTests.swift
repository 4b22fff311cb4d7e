import BeagleAdapter
import Foundation
import NetworkLayer
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("BeagleEndpoint: Beagle's request rules")
struct BeagleEndpointRequestTests {
    let client = RouterNetworkClient(
        transport: HTTPFixtures.transport(),
        additionalHeaders: ["Authorization": "Bearer client", "X-Shared": "client"],
        logger: nil
    )

    func urlRequest(
        _ url: String,
        _ type: Request.RequestType,
        _ data: (any RemoteScreenAdditionalData)? = nil
    ) throws -> URLRequest {
        let request = Request(url: try #require(URL(string: url)), type: type, additionalData: data)
        return try client.makeURLRequest(for: request)
    }

    @Test("Headers: defaults, then additional data, then the client's own")
    func headerPrecedence() throws {
        let data = HttpAdditionalData(
            httpData: nil,
            headers: ["content-type": "text/plain", "X-Shared": "screen", "X-Screen": "1"]
        )
        let request = try urlRequest("https://host/screen", .fetchComponent, data)
        #expect(request.value(forHTTPHeaderField: "Content-Type") == "text/plain")
        #expect(request.value(forHTTPHeaderField: "beagle-platform") == "IOS")
        #expect(request.value(forHTTPHeaderField: "X-Screen") == "1")
        #expect(request.value(forHTTPHeaderField: "X-Shared") == "client")
        #expect(request.value(forHTTPHeaderField: "Authorization") == "Bearer client")
        #expect(request.beagleHeaderFields.count == 5)
    }

    @Test("Form values are appended to an existing query, empty values dropped")
    func formQueryKeepsExistingQuery() throws {
        let form = Request.FormData(method: .get, values: ["b": "2", "a": "1", "empty": ""])
        let request = try urlRequest("https://host/search?page=1", .submitForm(form))
        #expect(request.url?.absoluteString == "https://host/search?page=1&a=1&b=2")
        #expect(request.httpBody == nil)
    }

    @Test(
        "A form whose values are all empty ends in a bare ?, as with Beagle, but keeps an existing query",
        arguments: [
            ("https://host/search", "https://host/search?"),
            ("https://host/search#top", "https://host/search?#top"),
            ("https://host/search?page=1", "https://host/search?page=1"),
        ])
    func emptyValuesOnly(url: String, sent: String) throws {
        let form = Request.FormData(method: .delete, values: ["q": ""])
        let request = try urlRequest(url, .submitForm(form))
        #expect(request.url?.absoluteString == sent)
    }

    @Test("A form POST replaces the additional data's body with its values")
    func formBodyReplacesHttpDataBody() throws {
        let data = HttpAdditionalData(httpData: .init(method: .PUT, body: Data("old".utf8)))
        let form = Request.FormData(method: .post, values: ["k": "v"])
        let request = try urlRequest("https://host/form", .submitForm(form), data)
        #expect(request.httpMethod == "POST")
        #expect(request.httpBody == Data(#"{"k":"v"}"#.utf8))
    }

    @Test("A screen fetched with GET and a body keeps the body, as Beagle's client does")
    func getWithBody() throws {
        let data = HttpAdditionalData(httpData: .init(method: .GET, body: Data("{\"a\":1}".utf8)))
        let request = try urlRequest("https://host/screen", .fetchComponent, data)
        #expect(request.httpMethod == "GET")
        #expect(request.httpBody == Data("{\"a\":1}".utf8))
    }

    @Test("httpData's method and body are used for screens and images", arguments: HttpAdditionalData.Method.allCases)
    func httpDataMethod(_ method: HttpAdditionalData.Method) throws {
        let data = HttpAdditionalData(httpData: .init(method: method, body: Data("body".utf8)))
        let request = try urlRequest("https://host/image.png", .fetchImage, data)
        #expect(request.httpMethod == method.rawValue)
        #expect(request.httpBody == Data("body".utf8))
    }

    @Test("A raw request has only its own headers and a JSON body")
    func rawRequest() throws {
        let body: Parameters = ["list": [1, 2], "name": "beagle"]
        let raw = Request.RequestData(method: "PUT", headers: ["X-Raw": "1"], body: body)
        let data = HttpAdditionalData(httpData: nil, headers: ["X-Screen": "1"])
        let request = try urlRequest("https://host/raw?x=1", .rawRequest(raw), data)
        #expect(request.url?.absoluteString == "https://host/raw?x=1")
        #expect(request.httpMethod == "PUT")
        #expect(request.beagleHeaderFields == ["X-Raw": "1"])
        #expect(request.httpBody == Data(#"{"list":[1,2],"name":"beagle"}"#.utf8))
    }

    @Test(
        "A raw request without a body sends {}; with GET or HEAD it sends none",
        arguments: [
            ("POST", "{}"), ("DELETE", "{}"), ("GET", nil), ("HEAD", nil),
        ] as [(String, String?)])
    func rawRequestBody(method: String, body: String?) throws {
        let request = try urlRequest("https://host/raw", .rawRequest(Request.RequestData(method: method, headers: nil)))
        #expect(request.httpMethod == method)
        #expect(request.httpBody.map { String(decoding: $0, as: UTF8.self) } == body)
    }

    @Test("A raw body typed Any, as Beagle types it, is sent as JSON; a bare string or number too")
    func rawRequestAnyBody() throws {
        let nested: [String: Any] = ["inner": ["flag": true, "n": 1.5] as [String: Any], "list": ["a", 2] as [Any]]
        let cases: [(Any, String)] = [
            (nested, #"{"inner":{"flag":true,"n":1.5},"list":["a",2]}"#), ("text", #""text""#), (7, "7"),
        ]
        for (body, json) in cases {
            let request = try urlRequest(
                "https://host/raw", .rawRequest(Request.RequestData(method: "POST", body: body)))
            #expect(request.httpBody.map { String(decoding: $0, as: UTF8.self) } == json)
        }
    }

    @Test("A raw request with no method is a GET")
    func rawRequestDefaultMethod() throws {
        let request = try urlRequest("https://host/raw", .rawRequest(Request.RequestData(method: nil)))
        #expect(request.httpMethod == "GET")
        #expect(request.httpBody == nil)
    }

    @Test("A raw body that is not JSON fails building")
    func rawRequestUnsupportedBody() throws {
        struct NotJSON: Sendable {}
        #expect(throws: NetworkLayer.NetworkError.self) {
            try urlRequest("https://host/raw", .rawRequest(Request.RequestData(method: "POST", body: NotJSON())))
        }
    }

    @Test("The endpoint is one case per request type, sent to the full URL with an empty path")
    func endpointCases() throws {
        let url = try #require(URL(string: "https://host/a/b?c=d"))
        let endpoints = try [
            Request.RequestType.fetchComponent, .fetchImage, .submitForm(.init(method: .get, values: [:])),
            .rawRequest(.init()),
        ].map { try BeagleEndpoint(Request(url: url, type: $0, additionalData: nil)) }
        #expect(endpoints.allSatisfy { $0.baseURL == url && $0.path.isEmpty })
        guard case .fetchComponent = endpoints[0], case .fetchImage = endpoints[1], case .submitForm = endpoints[2],
            case .rawRequest = endpoints[3]
        else {
            Issue.record("unexpected cases: \(endpoints)")
            return
        }
    }
}
