import Foundation
import Testing

@testable import NetworkLayer

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("CacheReuse")
struct CacheReuseTests {
    private static func directives(_ headers: [String: String]) -> RequestDirectives {
        var request = URLRequest(url: URL(string: "https://api.example.com")!)
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        return RequestDirectives(request)
    }

    @Test(
        "whether a stored response answers, by RFC 9111 §4.2 and §4.3 and RFC 5861",
        arguments: [
            ("max-age=60", [:], 10.0, 60.0, CachePolicy.useProtocolRules, false, CacheReuse.serve),
            ("max-age=60", [:], 60, 60, .useProtocolRules, false, .validate),
            ("no-cache, max-age=60", [:], 0, 60, .useProtocolRules, false, .validate),
            ("max-age=60", ["Cache-Control": "no-cache"], 0, 60, .useProtocolRules, false, .validate),
            ("max-age=60", ["Pragma": "no-cache"], 0, 60, .useProtocolRules, false, .validate),
            (
                "max-age=60", ["Pragma": "no-cache", "Cache-Control": "max-stale"], 0, 60, .useProtocolRules, false,
                .serve
            ),
            ("max-age=60", ["Cache-Control": "max-age=5"], 10, 60, .useProtocolRules, false, .validate),
            ("max-age=60", ["Cache-Control": "max-age=oops"], 10, 60, .useProtocolRules, false, .serve),
            ("max-age=60", ["Cache-Control": "min-fresh=55"], 10, 60, .useProtocolRules, false, .validate),
            ("max-age=60", ["Cache-Control": "min-fresh=20"], 10, 60, .useProtocolRules, false, .serve),
            ("max-age=60", ["Cache-Control": "max-stale=30"], 80, 60, .useProtocolRules, false, .serve),
            ("max-age=60", ["Cache-Control": "max-stale=10"], 80, 60, .useProtocolRules, false, .validate),
            ("max-age=60", ["Cache-Control": "max-stale"], 8000, 60, .useProtocolRules, false, .serve),
            (
                "max-age=60, must-revalidate", ["Cache-Control": "max-stale"], 80, 60, .useProtocolRules, false,
                .validate
            ),
            ("max-age=60, proxy-revalidate", ["Cache-Control": "max-stale"], 80, 60, .useProtocolRules, false, .serve),
            (
                "max-age=60, proxy-revalidate", ["Cache-Control": "max-stale"], 80, 60, .useProtocolRules, true,
                .validate
            ),
            ("s-maxage=60", ["Cache-Control": "max-stale"], 80, 60, .useProtocolRules, true, .validate),
            ("max-age=60, stale-while-revalidate=30", [:], 80, 60, .useProtocolRules, false, .serveWhileRevalidating),
            ("max-age=60, stale-while-revalidate=10", [:], 80, 60, .useProtocolRules, false, .validate),
            ("no-cache", [:], 8000, 0, .returnCachedElseLoad, false, .serve),
            ("no-cache", [:], 8000, 0, .onlyIfCached, false, .serve),
            ("max-age=60", [:], 0, 60, .reloadIgnoringCache, false, .validate),
        ] as [(String, [String: String], TimeInterval, TimeInterval, CachePolicy, Bool, CacheReuse)])
    func decide(
        stored: String, request: [String: String], age: TimeInterval, lifetime: TimeInterval, policy: CachePolicy,
        shared: Bool, expected: CacheReuse
    ) {
        let reuse = CacheReuse.decide(
            stored: CacheControl(fields: [stored]), age: age, lifetime: lifetime,
            request: Self.directives(request), policy: policy, shared: shared)
        #expect(reuse == expected)
    }

    @Test(
        "stale-if-error, from the response or the request, within its window and not against must-revalidate",
        arguments: [
            ("max-age=60, stale-if-error=30", [:], 80.0, true),
            ("max-age=60, stale-if-error=10", [:], 80, false),
            ("max-age=60", ["Cache-Control": "stale-if-error=30"], 80, true),
            ("max-age=60, stale-if-error=30, must-revalidate", [:], 80, false),
            ("no-cache, stale-if-error=30", [:], 0, false),
        ] as [(String, [String: String], TimeInterval, Bool)])
    func staleIfError(stored: String, request: [String: String], age: TimeInterval, expected: Bool) {
        let allowed = CacheReuse.allowsStaleIfError(
            stored: CacheControl(fields: [stored]), age: age, lifetime: 60, request: Self.directives(request),
            shared: false)
        #expect(allowed == expected)
    }
}
