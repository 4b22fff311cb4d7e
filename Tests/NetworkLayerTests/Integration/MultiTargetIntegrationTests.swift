import Foundation
@_spi(Transport) import NetworkLayer
import TestSupport
import Testing

@Suite("Integration: several endpoint enums through one router", .needsHTTPBin, .timeLimit(.minutes(1)))
struct MultiTargetIntegrationTests {
    /// A second enum on the same server, beside ``HTTPBinEndpoint``.
    enum Inspection: EndPointType {
        case headers

        var baseURL: URL { HTTPBinPeer.baseURL }
        var path: String { "headers" }
        var headers: HTTPHeaders? { ["X-Enum": "Inspection"] }
    }

    @Test("a MultiTarget router sends the endpoints of two enums to httpbin, each as it describes itself")
    func twoEnums() async throws {
        _ = try HTTPBinPeer.requireURL()
        let manager = NetworkManager(router: Router<MultiTarget>(transport: LoopbackPeer.makeTransport()))
        let echo = try await manager.request(.target(HTTPBinEndpoint.get(query: ["n": 1])), as: HTTPBinEcho.self)
        #expect(echo.args?["n"] == .string("1"))
        let response = try await manager.response(for: .target(Inspection.headers))
        #expect(try response.decode(HTTPBinEcho.self).headers?["X-Enum"] == "Inspection")
        #expect(response.request.url?.path == "/headers")
    }
}
