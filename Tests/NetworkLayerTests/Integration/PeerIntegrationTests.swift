import Foundation
@_spi(Transport) import NetworkLayer
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("Integration: httpbin peer", .needsHTTPBin)
struct PeerIntegrationTests {
    @Test("The configured httpbin answers on loopback")
    func peerAnswers() async throws {
        let router = try HTTPBinPeer.makeRouter()
        let response: Response
        do {
            response = try await router.request(.get(query: [:]))
        } catch {
            Issue.record("httpbin at \(HTTPBinPeer.baseURL) is unreachable: \(error)")
            return
        }
        #expect(response.statusCode == 200)
        let echo = try response.decode(HTTPBinEcho.self)
        #expect(echo.url?.hasPrefix(HTTPBinPeer.baseURL.absoluteString) == true)
    }
}
