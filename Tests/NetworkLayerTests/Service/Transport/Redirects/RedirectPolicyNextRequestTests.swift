import Foundation
@_spi(Transport) import NetworkLayer
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("RedirectPolicy.request(after:answering:origin:credentialHeaders:)")
struct RedirectPolicyNextRequestTests {
    static func request(_ method: String, _ url: String = "http://a.test/api/item") -> URLRequest {
        var request = URLRequest(url: URL(string: url)!)
        request.httpMethod = method
        request.httpBody = Data("{}".utf8)
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.setValue("Bearer t", forHTTPHeaderField: "Authorization")
        request.setValue("k", forHTTPHeaderField: "X-API-Key")
        return request
    }

    static func head(_ status: Int, location: String?, url: String = "http://a.test/api/item") -> ResponseHead {
        var headers: HTTPHeaders = [:]
        if let location { headers.add(name: "Location", value: location) }
        return ResponseHead(statusCode: status, headers: headers, url: URL(string: url)!)!
    }

    /// (method, status, Location, next method or nil to stop, next URL)
    @Test(
        "methods, statuses and locations follow RFC 9110 and the library's rules",
        arguments: [
            ("GET", 301, "/moved", "GET", "http://a.test/moved"),
            ("POST", 301, "/moved", "GET", "http://a.test/moved"),
            ("POST", 302, "next", "GET", "http://a.test/api/next"),
            ("PUT", 302, "/moved", "PUT", "http://a.test/moved"),
            ("POST", 303, "/see", "GET", "http://a.test/see"),
            ("HEAD", 303, "/see", "HEAD", "http://a.test/see"),
            ("POST", 307, "/again", "POST", "http://a.test/again"),
            ("DELETE", 308, "http://b.test/x", "DELETE", "http://b.test/x"),
            ("GET", 302, "HTTPS://b.test/", "GET", "https://b.test/"),
            ("GET", 302, "file:///etc/passwd", nil, ""),
            ("GET", 304, "/cached", nil, ""),
            ("GET", 200, "/ok", nil, ""),
            ("GET", 300, "/choices", nil, ""),
        ] as [(String, Int, String, String?, String)]
    )
    func hops(method: String, status: Int, location: String, nextMethod: String?, nextURL: String) {
        let next = RedirectPolicy.follow.request(
            after: Self.head(status, location: location), answering: Self.request(method),
            origin: URL(string: "http://a.test/api/item"))
        #expect(next?.httpMethod == nextMethod)
        guard let next else { return }
        #expect(next.url?.absoluteString == nextURL)
        let keepsBody = nextMethod == method
        #expect((next.httpBody != nil) == keepsBody)
        #expect((next.value(forHTTPHeaderField: "Content-Type") != nil) == keepsBody)
    }

    @Test("a redirect without Location is handed back")
    func noLocation() {
        #expect(
            RedirectPolicy.follow.request(
                after: Self.head(302, location: nil), answering: Self.request("GET"), origin: nil)
                == nil)
    }

    @Test("a hop to another origin loses Authorization and the listed credential fields; the same origin keeps them")
    func credentials() throws {
        let origin = URL(string: "http://a.test/api/item")
        let away = try #require(
            RedirectPolicy.follow.request(
                after: Self.head(302, location: "http://b.test/"), answering: Self.request("GET"), origin: origin,
                credentialHeaders: ["x-api-key"]))
        #expect(away.value(forHTTPHeaderField: "Authorization") == nil)
        #expect(away.value(forHTTPHeaderField: "X-API-Key") == nil)
        let home = try #require(
            RedirectPolicy.follow.request(
                after: Self.head(302, location: "/other"), answering: Self.request("GET"), origin: origin,
                credentialHeaders: ["x-api-key"]))
        #expect(home.value(forHTTPHeaderField: "Authorization") == "Bearer t")
        #expect(home.value(forHTTPHeaderField: "X-API-Key") == "k")
    }

    @Test("the policy decides: refuse hands every redirect back")
    func refuse() {
        #expect(
            RedirectPolicy.refuse.request(
                after: Self.head(302, location: "/x"), answering: Self.request("GET"), origin: nil) == nil)
    }
}
