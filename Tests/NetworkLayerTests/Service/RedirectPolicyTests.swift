import Foundation
import Testing

@testable import NetworkLayer

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
        #expect(followed.value(forHTTPHeaderField: "X-Other") == "kept")
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
}
