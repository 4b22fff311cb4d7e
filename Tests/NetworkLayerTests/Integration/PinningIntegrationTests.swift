import Foundation
import NetworkLayer
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("Integration: redirects to pinned hosts", .needsHTTPBin)
struct PinningIntegrationTests {
    #if canImport(FoundationNetworking)
    /// On Linux neither transport checks a public-key pin: `URLSessionTransport` checks none, the AsyncHTTPClient
    /// one only root certificates. The redirect's host does not resolve, so a request that went out would fail
    /// to find it instead.
    @Test("A redirect to a host the transport cannot check the pins of is refused, not followed")
    func redirectToPinnedHost() async throws {
        let pinning = try CertificatePinning([
            "pinned.invalid": ["sha256/hh3nX1UcH47YBoluId5kcGK+X1kclfZO9Y50bWl1ED0="]
        ])
        let router = try HTTPBinPeer.peer.makeRouter(
            for: TransferEndpoint.self, configuration: RouterConfiguration(certificatePinning: pinning))

        let error = await #expect(throws: NetworkError.self) {
            try await router.request(.redirectTo(url: "https://pinned.invalid/", status: 302, method: .get))
        }

        #expect(error?.kind == .secureConnection)
        guard case .unsupported(let host, _) = error?.underlyingError as? CertificatePinningError else {
            Issue.record("not refused as unsupported: \(String(describing: error))")
            return
        }
        #expect(host == "pinned.invalid")
    }
    #endif
}
