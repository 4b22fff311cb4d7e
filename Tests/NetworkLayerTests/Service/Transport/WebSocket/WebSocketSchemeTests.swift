import Foundation
import Testing

@_spi(Transport) @testable import NetworkLayer

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("WebSocket URLs and the transport's default")
struct WebSocketSchemeTests {
    @Test(
        "ws and wss become http and https for the handshake, and back",
        arguments: [
            ("ws://a.example/x?q=1", "http://a.example/x?q=1"),
            ("wss://a.example:8443/x", "https://a.example:8443/x"),
            ("WSS://a.example", "https://a.example"),
            ("https://a.example", "https://a.example"),
            ("ftp://a.example", "ftp://a.example"),
        ])
    func handshake(socket: String, http: String) throws {
        let url = try #require(URL(string: socket))
        #expect(WebSocketScheme.handshakeURL(url).absoluteString == http)
    }

    @Test("webSocketURL gives the socket's URL back")
    func socketURL() throws {
        let head = URLRequest(url: try #require(URL(string: "https://a.example:8443/rooms?id=7")))
        #expect(TransportRequest(head: head).webSocketURL?.absoluteString == "wss://a.example:8443/rooms?id=7")
    }

    @Test("A transport that does not open sockets throws notSupportedByTransport, naming itself and the request")
    func defaultRefuses() async throws {
        let request = TransportRequest(head: URLRequest(url: try #require(URL(string: "https://a.example/socket"))))
        let error = await #expect(throws: NetworkError.self) {
            _ = try await ClosureTransport { _ in throw URLError(.badURL) }.openWebSocket(request, options: .init())
        }
        #expect(error?.kind == .notSupportedByTransport)
        #expect(error?.description.contains("ClosureTransport opens no WebSockets") == true)
        #expect(error?.url?.absoluteString == "https://a.example/socket")
    }
}
