import Foundation
@_spi(Transport) import NetworkLayer
import TestSupport
import Testing

@Suite("Integration: stubs mixed with the network", .needsHTTPBin, .timeLimit(.minutes(1)))
struct StubMixIntegrationTests {
    @Test("endpoints left to the network reach httpbin; stubbed ones never leave the process")
    func mixed() async throws {
        _ = try HTTPBinPeer.requireURL()
        let stub = StubTransport<HTTPBinEndpoint>(network: LoopbackPeer.makeTransport()) { endpoint in
            if case .status = endpoint { return .delayed(seconds: 0.05) }
            return .network
        } respond: { _ in
            .http(418, data: Data("stubbed".utf8))
        }
        let router = Router(stub: stub)
        let live = try await router.request(.get(query: ["from": "httpbin"]))
        #expect(live.statusCode == 200)
        let echo = try JSONDecoder().decode(HTTPBinEcho.self, from: live.data)
        #expect(echo.args?["from"] == .string("httpbin"))
        let stubbed = try await router.request(.status(500))
        #expect(stubbed.statusCode == 418)
        #expect(String(decoding: stubbed.data, as: UTF8.self) == "stubbed")
    }
}
