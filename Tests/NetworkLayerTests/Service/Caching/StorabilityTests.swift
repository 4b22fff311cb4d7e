import Foundation
import Testing

@testable import NetworkLayer

@Suite("Storability")
struct StorabilityTests {
    @Test(
        "what may be stored (RFC 9111 §3, §3.5)",
        arguments: [
            ("GET", [:], 200, ["Cache-Control": "max-age=60"], false, true),
            ("HEAD", [:], 200, ["Cache-Control": "max-age=60"], false, true),
            ("POST", [:], 200, ["Cache-Control": "max-age=60"], false, false),
            ("GET", [:], 200, [:], false, true),
            ("GET", [:], 302, [:], false, false),
            ("GET", [:], 302, ["Expires": "Sun, 06 Nov 2094 08:49:37 GMT"], false, true),
            ("GET", [:], 404, [:], false, true),
            ("GET", [:], 500, [:], false, false),
            ("GET", [:], 500, ["Cache-Control": "max-age=5"], false, true),
            ("GET", [:], 206, ["Cache-Control": "max-age=60"], false, false),
            ("GET", [:], 304, ["Cache-Control": "max-age=60"], false, false),
            ("GET", [:], 200, ["Cache-Control": "no-store, max-age=60"], false, false),
            ("GET", [:], 200, ["Cache-Control": "NO-STORE"], false, false),
            ("GET", [:], 200, ["Cache-Control": "no-store, must-understand, max-age=9"], false, true),
            ("GET", [:], 299, ["Cache-Control": "must-understand, max-age=9"], false, false),
            ("GET", ["Cache-Control": "no-store"], 200, ["Cache-Control": "max-age=60"], false, false),
            ("GET", [:], 200, ["Cache-Control": "private, max-age=60"], false, true),
            ("GET", [:], 200, ["Cache-Control": "private, max-age=60"], true, false),
            ("GET", [:], 200, ["Cache-Control": "private=\"Set-Cookie\", max-age=60"], true, true),
            ("GET", ["Authorization": "Basic x"], 200, ["Cache-Control": "max-age=60"], true, false),
            ("GET", ["Authorization": "Basic x"], 200, ["Cache-Control": "max-age=60"], false, true),
            ("GET", ["Authorization": "Basic x"], 200, ["Cache-Control": "public, max-age=60"], true, true),
            ("GET", ["Authorization": "Basic x"], 200, ["Cache-Control": "s-maxage=60"], true, true),
            ("GET", ["Authorization": "Basic x"], 200, ["Cache-Control": "must-revalidate, max-age=6"], true, true),
            ("GET", [:], 200, ["Cache-Control": "max-age=60", "Vary": "Accept, *"], false, false),
            ("GET", [:], 299, ["Cache-Control": "public"], false, true),
            ("GET", [:], 299, [:], false, false),
        ] as [(String, [String: String], Int, [String: String], Bool, Bool)])
    func allows(
        method: String, request: [String: String], status: Int, response: [String: String], shared: Bool,
        expected: Bool
    ) {
        let allowed = Storability.allows(
            method: method, requestHeaders: HTTPHeaders(request), status: status,
            responseHeaders: HTTPHeaders(response), shared: shared)
        #expect(allowed == expected)
    }
}

@Suite("CDNCacheControl")
struct CDNCacheControlTests {
    @Test(
        "a shared cache obeys a valid CDN-Cache-Control instead of Cache-Control; a private one ignores it",
        arguments: [
            (["CDN-Cache-Control": "max-age=5", "Cache-Control": "max-age=600"], true, 5.0),
            (["CDN-Cache-Control": "max-age=5", "Cache-Control": "max-age=600"], false, 600),
            (["CDN-Cache-Control": "max-age=10000, &&&&&", "Cache-Control": "max-age=600"], true, 600),
            (["CDN-Cache-Control": "max-age=\"10000\"", "Cache-Control": "max-age=600"], true, 600),
            (["CDN-Cache-Control": "no-cache, foo=bar;a=1, x=\"q\", y=?1", "Cache-Control": "max-age=600"], true, 0),
            (["Cache-Control": "max-age=600"], true, 600),
        ] as [([String: String], Bool, TimeInterval)])
    func lifetime(headers: [String: String], shared: Bool, expected: TimeInterval) {
        #expect(storedResponse(headers, shared: shared).freshnessLifetime(shared: shared) == expected)
    }

    @Test("CDN-Cache-Control: no-store keeps a shared cache from storing, whatever Cache-Control says")
    func noStore() {
        let headers: HTTPHeaders = ["CDN-Cache-Control": "no-store", "Cache-Control": "max-age=600"]
        #expect(
            !Storability.allows(method: "GET", requestHeaders: [:], status: 200, responseHeaders: headers, shared: true)
        )
        #expect(
            Storability.allows(method: "GET", requestHeaders: [:], status: 200, responseHeaders: headers, shared: false)
        )
    }
}
