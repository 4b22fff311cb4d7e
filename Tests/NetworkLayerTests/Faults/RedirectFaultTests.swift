import Foundation
import NetworkLayer
import Testing

/// Redirects that leave the origin: credentials must stay behind (Linux URLSession would forward them).
@Suite("Faults: redirects", .needsFaultServer)
struct RedirectFaultTests {
    @Test("A cross-origin redirect arrives without Authorization")
    func crossOriginDropsAuthorization() async throws {
        let router = try FaultServerPeer.makeRouter()
        let target = try FaultServerPeer.otherOriginURL().appendingPathComponent("echo-headers")

        let response = try await router.request(.redirect(to: target, authorization: "Bearer secret"))

        #expect(response.statusCode == 200)
        #expect(response.httpResponse.url?.host == target.host)
        let echoed = try response.decode(EchoedHeaders.self)
        #expect(echoed["Authorization"] == nil)
        #expect(echoed["Host"]?.hasPrefix(try #require(target.host)) == true)
    }

    @Test("A same-origin redirect keeps Authorization")
    func sameOriginKeepsAuthorization() async throws {
        let router = try FaultServerPeer.makeRouter()
        let target = try FaultServerPeer.requireURL().appendingPathComponent("echo-headers")

        let response = try await router.request(.redirect(to: target, authorization: "Bearer secret"))

        #expect(response.statusCode == 200)
        #expect(response.httpResponse.url?.host == target.host)
        #expect(try response.decode(EchoedHeaders.self)["Authorization"] == "Bearer secret")
    }
}
