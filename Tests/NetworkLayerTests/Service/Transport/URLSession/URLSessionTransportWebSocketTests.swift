import Foundation
import Testing

@_spi(Transport) @testable import NetworkLayer

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("URLSessionTransport WebSockets")
struct URLSessionTransportWebSocketTests {
    #if canImport(FoundationNetworking)
    @Test("On Linux the default transport refuses sockets at once, naming AsyncHTTPClientTransport")
    func linuxRefuses() async throws {
        let router = Router<SocketEndpoint>()
        let error = await #expect(throws: NetworkError.self) { try await router.webSocket(SocketEndpoint()) }
        #expect(error?.kind == .notSupportedByTransport)
        #expect(error?.description.contains("AsyncHTTPClientTransport") == true)
        #expect(error?.description.contains("wss") == false)
    }
    #endif
}
