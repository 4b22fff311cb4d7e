import Foundation
import Testing

@_spi(Transport) @testable import NetworkLayer

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("RedirectPolicy")
struct RedirectPolicyTests {
    static let credentials = ["Authorization": "Bearer t", "Proxy-Authorization": "Basic p", "Cookie": "c=1"]

    static func request(_ url: String, method: String = "GET") -> URLRequest {
        var request = URLRequest(url: URL(string: url)!)
        request.httpMethod = method
        for (name, value) in credentials { request.setValue(value, forHTTPHeaderField: name) }
        request.setValue("kept", forHTTPHeaderField: "X-Other")
        return request
    }

    static func redirect(from url: String, status: Int = 302) -> HTTPURLResponse {
        HTTPURLResponse(url: URL(string: url)!, statusCode: status, httpVersion: "HTTP/1.1", headerFields: nil)!
    }

    @Test(
        "origins compare scheme, host and port, with default ports",
        arguments: [
            ("http://a.test/x", "http://a.test:80/y", true),
            ("https://a.test", "https://A.TEST:443/z", true),
            ("http://a.test", "https://a.test", false),
            ("http://a.test", "http://b.test", false),
            ("http://127.0.0.1:8000", "http://127.0.0.1:8001", false),
            ("http://127.0.0.1:8000", "http://localhost:8000", false),
        ]
    )
    func sameOrigin(lhs: String, rhs: String, same: Bool) {
        #expect(RedirectPolicy.sameOrigin(URL(string: lhs)!, URL(string: rhs)!) == same)
    }

    /// (first request, hop that redirects, next hop, credentials kept)
    @Test(
        "credentials survive only hops that stay in the origin of the first request and of the redirecting hop",
        arguments: [
            ("http://a.test/1", "http://a.test/1", "http://a.test/2", true),
            ("http://a.test/1", "http://a.test/1", "http://b.test/2", false),
            // Second hop of a.test → b.test → b.test: Foundation may derive it from the first request.
            ("http://a.test/1", "http://b.test/2", "http://b.test/3", false),
            // Back home from another origin: still stripped.
            ("http://a.test/1", "http://b.test/2", "http://a.test/3", false),
            ("http://a.test/1", "http://a.test/1", "https://a.test/2", false),
        ]
    )
    func multiHop(first: String, hop: String, next: String, kept: Bool) throws {
        let proposed = Self.request(next)
        let followed = try #require(
            RedirectPolicy.follow.next(after: Self.redirect(from: hop), proposed: proposed, origin: URL(string: first)))
        for name in Self.credentials.keys {
            #expect((followed.value(forHTTPHeaderField: name) != nil) == kept, "\(name)")
        }
        #expect((followed.value(forHTTPHeaderField: "X-Other") != nil) == kept, "X-Other")
        #expect(followed.url == proposed.url)
    }

    @Test("refuse returns no request, so the 3xx is delivered")
    func refuse() {
        let next = RedirectPolicy.refuse.next(
            after: Self.redirect(from: "http://a.test/1"), proposed: Self.request("http://a.test/2"),
            origin: URL(string: "http://a.test/1"))
        #expect(next == nil)
    }

    @Test("a custom policy decides per hop, and its cross-origin choice still loses credentials")
    func custom() throws {
        let policy = RedirectPolicy.custom { response, proposed in
            guard response.statusCode != 301 else { return nil }
            var changed = proposed
            changed.url = URL(string: "http://elsewhere.test/landing")
            return changed
        }
        let origin = URL(string: "http://a.test/1")
        #expect(
            policy.next(
                after: Self.redirect(from: "http://a.test/1", status: 301), proposed: Self.request("http://a.test/2"),
                origin: origin)
                == nil)
        let next = try #require(
            policy.next(
                after: Self.redirect(from: "http://a.test/1"), proposed: Self.request("http://a.test/2"), origin: origin
            ))
        #expect(next.url?.host == "elsewhere.test")
        #expect(next.value(forHTTPHeaderField: "Authorization") == nil)
        #expect(next.value(forHTTPHeaderField: "Cookie") == nil)
    }

    @Test(
        "a hop keeps its body exactly when it keeps its method",
        arguments: [("POST", "POST", true), ("PUT", "put", true), ("POST", "GET", false), ("GET", "GET", true)]
    )
    func keepsMethod(before: String, after: String, kept: Bool) {
        #expect(
            RedirectPolicy.keepsMethod(
                Self.request("http://a.test", method: before), Self.request("http://a.test", method: after)) == kept)
    }

    @Test(
        "only http and https Locations are followed, whatever the policy proposes",
        arguments: [
            ("https://b.test/x", true), ("HTTP://b.test/x", true), ("/relative", true), ("file:///etc/passwd", false),
            ("ftp://a.test/x", false), ("javascript:alert(1)", false), ("data:text/plain,hi", false),
        ])
    func webOnly(location: String, followed: Bool) {
        let response = HTTPURLResponse(
            url: URL(string: "http://a.test/1")!, statusCode: 302, httpVersion: "HTTP/1.1",
            headerFields: ["Location": location])!
        // Foundation on Linux proposes a same-server path for a file: Location.
        let next = RedirectPolicy.follow.next(
            after: response, proposed: Self.request("http://a.test/etc/passwd"), origin: URL(string: "http://a.test/1"))
        #expect((next != nil) == followed)
    }

    @Test("fields named as credentials are dropped on leaving the origin, and so is every unsafe field")
    func namedCredentials() throws {
        var proposed = Self.request("http://b.test/2")
        proposed.setValue("k", forHTTPHeaderField: "X-API-Key")
        let next = try #require(
            RedirectPolicy.follow.next(
                after: Self.redirect(from: "http://a.test/1"), proposed: proposed,
                origin: URL(string: "http://a.test/1"),
                credentialHeaders: ["x-api-key"]))
        #expect(next.value(forHTTPHeaderField: "X-API-Key") == nil)
        #expect(next.value(forHTTPHeaderField: "Authorization") == nil)
        #expect(next.value(forHTTPHeaderField: "X-Other") == nil)
    }

    /// (method before, method Foundation proposes, method sent, body fields kept)
    @Test(
        "a HEAD stays a HEAD, and a method change drops the body's fields",
        arguments: [
            ("HEAD", "GET", "HEAD", true), ("POST", "GET", "GET", false), ("PUT", "PUT", "PUT", true),
            ("POST", "POST", "POST", true),
        ])
    func corrected(before: String, proposedMethod: String, sent: String, kept: Bool) {
        var proposed = Self.request("http://a.test/2", method: proposedMethod)
        proposed.setValue("application/json", forHTTPHeaderField: "Content-Type")
        proposed.setValue("en", forHTTPHeaderField: "Content-Language")
        let next = RedirectPolicy.correcting(proposed, after: Self.request("http://a.test/1", method: before))
        #expect(next.httpMethod == sent)
        #expect((next.value(forHTTPHeaderField: "Content-Type") != nil) == kept)
        #expect((next.value(forHTTPHeaderField: "Content-Language") != nil) == kept)
    }
}
