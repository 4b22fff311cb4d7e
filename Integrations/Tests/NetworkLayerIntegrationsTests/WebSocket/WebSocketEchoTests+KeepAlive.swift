import Foundation
@_spi(Transport) import NetworkLayer
@_spi(Transport) import NetworkLayerAsyncHTTPClient
import Testing

extension WebSocketEchoTests {
    /// The route `/idle` drops a connection on which no frame came for `drop_after` seconds, and says "alive"
    /// once it has seen `pings` pings: with pings 10 times as often as the limit, the socket outlives the limit
    /// several times over. The test itself waits on no clock; the suite is serialized so that no 16 MiB echo stalls
    /// the event loops meanwhile. `WEBSOCKET_KEEPALIVE_PINGS=300` keeps it open for the 60 seconds.
    @Test("an idle connection is kept open by the transport's pings")
    func keptAlive() async throws {
        let pings = ProcessInfo.processInfo.environment["WEBSOCKET_KEEPALIVE_PINGS"].flatMap { Int($0) } ?? 15
        try await WebSocketPeer.withTransport { transport in
            let socket = try await WebSocketPeer.open(
                transport, server: Self.server, "/idle?drop_after=2&pings=\(pings)",
                options: WebSocketOptions(pingInterval: 0.2, pongTimeout: 5))
            #expect(try await socket.receive() == .text("alive after \(pings) pings"))
            await socket.close(code: .normalClosure, reason: "")
        }
    }

    @Test("without pings the same server drops the idle connection")
    func droppedWithoutPings() async throws {
        try await WebSocketPeer.withTransport { transport in
            let socket = try await WebSocketPeer.open(transport, server: Self.server, "/idle?drop_after=1&pings=1")
            let error = await #expect(throws: NetworkError.self) { try await socket.receive() }
            #expect(error?.kind == .connectionLost)
        }
    }
}
