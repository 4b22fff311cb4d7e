import Foundation
import Testing

@_spi(Transport) @testable import NetworkLayer

@Suite("HARRecordingTransport and WebSockets")
struct HARRecordingWebSocketTests {
    @Test("A recorder opens sockets through the transport it wraps and writes nothing for them")
    func forwards() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("ws-\(UUID().uuidString).har")
        let inner = SocketTransport { _, _ in
            .connected(
                StubWebSocketConnection(steps: [.message(.text("hi"))], subprotocol: nil, maximumMessageSize: 8) { _ in
                },
                head: nil)
        }
        let router = Router<SocketEndpoint>(transport: HARRecordingTransport(wrapping: inner, file: file))
        let socket = try await router.webSocket(SocketEndpoint())
        var messages = socket.messages.makeAsyncIterator()
        #expect(try await messages.next() == .text("hi"))
        await socket.close()
        #expect(!FileManager.default.fileExists(atPath: file.path))
    }
}
