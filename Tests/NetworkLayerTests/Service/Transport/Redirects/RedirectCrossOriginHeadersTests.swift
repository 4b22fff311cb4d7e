import Foundation
import Testing

@_spi(Transport) @testable import NetworkLayer

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("A redirect to another origin keeps only the header fields safe to forward")
struct RedirectCrossOriginHeadersTests {
    /// (field, value, kept on a hop to another origin)
    static let fields: [(String, String, Bool)] = [
        ("Ocp-Apim-Subscription-Key", "azure-apim", false), ("X-Functions-Key", "azure-functions", false),
        ("AccessKey", "bunny", false), ("X-Access-Key", "access", false), ("X-Master-Key", "master", false),
        ("Authentication", "custom", false), ("Authorization", "Bearer t", false), ("Cookie", "session=1", false),
        ("Proxy-Authorization", "Basic p", false), ("X-Foo", "custom", false), ("X-API-Key", "k", false),
        ("If-None-Match", "\"etag\"", false), ("Range", "bytes=0-9", false), ("Referer", "https://a.test/x", false),
        ("Accept", "application/json", true), ("accept-encoding", "gzip", true), ("Accept-Language", "pt-BR", true),
        ("User-Agent", "NetworkLayer", true), ("Cache-Control", "no-cache", true), ("Pragma", "no-cache", true),
        ("Content-Type", "application/json", true), ("Content-Language", "en", true),
    ]

    static func request(to url: String, method: String = "PUT") -> URLRequest {
        var request = URLRequest(url: URL(string: url)!)
        request.httpMethod = method
        for (name, value, _) in fields { request.setValue(value, forHTTPHeaderField: name) }
        return request
    }

    /// The request sent after `hop` redirects to `url`, Foundation having proposed `proposedMethod`.
    static func next(
        from hop: String, to url: String, status: Int = 307, proposedMethod: String = "PUT",
        credentialHeaders: Set<String> = [], forwarding: Set<String> = []
    ) throws -> URLRequest {
        let response = try #require(
            HTTPURLResponse(url: URL(string: hop)!, statusCode: status, httpVersion: "HTTP/1.1", headerFields: nil))
        return try #require(
            RedirectPolicy.follow.next(
                after: response, proposed: request(to: url, method: proposedMethod), origin: URL(string: hop),
                previous: request(to: hop),
                credentialHeaders: credentialHeaders, forwarding: forwarding))
    }

    @Test("on a hop to another origin, https to http included, only the safe fields go on", arguments: fields)
    func crossOrigin(name: String, value: String, kept: Bool) throws {
        for (hop, target) in [
            ("https://a.test/1", "https://b.test/2"), ("https://a.test/1", "http://a.test/2"),
            ("http://127.0.0.1:8000/1", "http://127.0.0.1:8001/2"), ("http://127.0.0.1/1", "http://localhost/2"),
        ] {
            let next = try Self.next(from: hop, to: target)
            #expect(next.value(forHTTPHeaderField: name) == (kept ? value : nil), "\(hop) → \(target)")
        }
    }

    @Test("a hop within the origin keeps every field", arguments: fields)
    func sameOrigin(name: String, value: String, kept: Bool) throws {
        let next = try Self.next(from: "https://a.test/1", to: "https://A.test:443/2")
        #expect(next.value(forHTTPHeaderField: name) == value)
    }

    @Test("a field the endpoint forwards goes on, in any case; a safe one that carries a credential does not")
    func forwardedAndCredentialFields() throws {
        let next = try Self.next(
            from: "https://a.test/1", to: "https://b.test/2", credentialHeaders: ["user-agent"],
            forwarding: ["x-foo", "RANGE"])
        #expect(next.value(forHTTPHeaderField: "X-Foo") == "custom")
        #expect(next.value(forHTTPHeaderField: "Range") == "bytes=0-9")
        #expect(next.value(forHTTPHeaderField: "User-Agent") == nil)
        #expect(next.value(forHTTPHeaderField: "Accept") == "application/json")
        #expect(next.value(forHTTPHeaderField: "X-Functions-Key") == nil)
    }

    @Test("a hop that turns the method into GET drops the body's fields too")
    func methodChange() throws {
        let next = try Self.next(from: "https://a.test/1", to: "https://b.test/2", status: 303, proposedMethod: "GET")
        #expect(next.httpMethod == "GET")
        #expect(next.value(forHTTPHeaderField: "Content-Type") == nil)
        #expect(next.value(forHTTPHeaderField: "Accept") == "application/json")
    }

    @Test("a transport request reads the endpoint's forwarded fields, lowercased, through MultiTarget")
    func transportRequestReadsEndpoint() throws {
        let head = URLRequest(url: try #require(URL(string: "https://a.test")))
        let endpoint = MultiTarget.target(ForwardingEndpoint())
        #expect(TransportRequest(head: head, endpoint: endpoint).headersForwardedAcrossOrigins == ["x-tenant"])
        #expect(TransportRequest(head: head).headersForwardedAcrossOrigins.isEmpty)
    }
}

private struct ForwardingEndpoint: EndPointType {
    var baseURL: URL { URL(string: "https://a.test")! }
    var path: String { "" }
    var headersForwardedAcrossOrigins: Set<String> { ["X-Tenant"] }
}
