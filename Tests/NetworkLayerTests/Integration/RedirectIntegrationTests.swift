import Foundation
@_spi(Transport) import NetworkLayer
import Testing

@Suite("Integration: redirects", .needsHTTPBin)
struct RedirectIntegrationTests {
    @Test("A redirect chain is followed to its end")
    func followsChain() async throws {
        let router = try HTTPBinPeer.makeRouter()

        let response = try await router.request(.redirect(count: 2))

        #expect(response.statusCode == 200)
        #expect(response.head.httpURLResponse.url?.path == "/get")
    }

    @Test("Authorization does not follow a redirect to another origin")
    func crossOriginDropsAuthorization() async throws {
        let router = try HTTPBinPeer.makeRouter()
        let target = try HTTPBinPeer.otherOriginURL().appendingPathComponent("headers")

        let response = try await router.request(.redirectTo(url: target.absoluteString, authorization: "Bearer secret"))

        #expect(response.statusCode == 200)
        #expect(response.head.httpURLResponse.url?.host == target.host)
        let headers = try #require(try response.decode(HTTPBinEcho.self).headers)
        #expect(headers["Authorization"] == nil)
    }

    @Test("Authorization follows a redirect within the origin", arguments: [true, false])
    func sameOriginKeepsAuthorization(absolute: Bool) async throws {
        let router = try HTTPBinPeer.makeRouter()
        let absoluteTarget = try HTTPBinPeer.requireURL().appendingPathComponent("headers").absoluteString
        let target = absolute ? absoluteTarget : "/headers"

        let response = try await router.request(.redirectTo(url: target, authorization: "Bearer secret"))

        #expect(response.statusCode == 200)
        #expect(response.head.httpURLResponse.url?.path == "/headers")
        let headers = try #require(try response.decode(HTTPBinEcho.self).headers)
        #expect(headers["Authorization"] == "Bearer secret")
    }
}
