import Foundation
import Testing

@testable import NetworkLayer

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("CacheVariant and CacheKey")
struct CacheVariantTests {
    private static func request(_ headers: [String: String]) -> URLRequest {
        var request = URLRequest(url: URL(string: "https://api.example.com")!)
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        return request
    }

    @Test("Vary's names, lowercased, once each")
    func varyNames() {
        #expect(
            CacheVariant.varyNames(in: ["Vary": "Accept-Encoding, ACCEPT ,, accept-encoding"]) == [
                "accept-encoding", "accept",
            ])
        #expect(CacheVariant.varyNames(in: [:]).isEmpty)
    }

    @Test(
        "two requests share a variant when the nominated fields agree, whitespace aside",
        arguments: [
            (["Accept": "a, b"], ["Accept": "a,b"], ["accept"], true),
            (["Accept": "a"], ["Accept": "b"], ["accept"], false),
            (["Accept": "a"], [:], ["accept"], false),
            ([:], [:], ["accept"], true),
            (["Accept": "a", "X": "1"], ["Accept": "a", "X": "2"], ["accept"], true),
            (["Accept": "a"], ["Accept": "b"], [], true),
        ] as [([String: String], [String: String], [String], Bool)])
    func variants(first: [String: String], second: [String: String], vary: [String], same: Bool) {
        let one = CacheVariant.variant(of: Self.request(first), varyNames: vary, credentialNames: nil)
        let two = CacheVariant.variant(of: Self.request(second), varyNames: vary, credentialNames: nil)
        #expect((one == two) == same)
    }

    @Test("credentials make the variant, hashed: other credentials and none differ, and none is kept in clear")
    func credentials() {
        let alice = Self.request(["Authorization": "Bearer alice-secret"])
        let names = CacheVariant.credentialNames(of: alice, among: ["authorization", "cookie"])
        #expect(names == ["authorization"])
        let variant = CacheVariant.variant(of: alice, varyNames: [], credentialNames: names)
        #expect(!variant.contains("alice"))
        #expect(variant.count == 64)
        let bob = CacheVariant.variant(
            of: Self.request(["Authorization": "Bearer bob"]), varyNames: [], credentialNames: names)
        let nobody = CacheVariant.variant(of: Self.request([:]), varyNames: [], credentialNames: [])
        #expect(Set([variant, bob, nobody]).count == 3)
        #expect(CacheVariant.credentialNames(of: Self.request([:]), among: ["authorization"]) == nil)
    }

    @Test("the primary key is the method and the URL without its fragment")
    func key() {
        #expect(
            CacheKey.key(method: "GET", url: URL(string: "https://a.example/p?q=1#frag")!)
                == "GET https://a.example/p?q=1")
        #expect(CacheKey.key(method: "HEAD", url: URL(string: "https://a.example/p")!) == "HEAD https://a.example/p")
    }

    @Test(
        "an unsafe method that succeeds invalidates its URL and same-origin locations (RFC 9111 §4.4)",
        arguments: [
            ("POST", 200, ["Location": "/b"], ["https://a.example/p", "https://a.example/b"]),
            (
                "PUT", 204, ["Content-Location": "https://a.example:443/c"],
                ["https://a.example/p", "https://a.example:443/c"]
            ),
            ("DELETE", 200, ["Location": "https://other.example/b"], ["https://a.example/p"]),
            ("POST", 200, ["Location": "http://a.example/b"], ["https://a.example/p"]),
            ("POST", 500, [:], []),
            ("GET", 200, ["Location": "/b"], []),
            ("OPTIONS", 200, [:], []),
        ] as [(String, Int, [String: String], [String])])
    func invalidation(method: String, status: Int, headers: [String: String], expected: [String]) {
        let urls = CacheInvalidation.urls(
            method: method, url: URL(string: "https://a.example/p")!, status: status, headers: HTTPHeaders(headers))
        #expect(urls.map(\.absoluteString) == expected)
    }
}
