import Foundation
@_spi(Transport) import NetworkLayer
@_spi(Transport) import NetworkLayerAsyncHTTPClient
import Testing

/// AsyncHTTPClientTransport's WebSockets against Python's `websockets`, a peer nobody here wrote
/// (scripts/websocket_server.py). Serialized, so that a 16 MiB echo (whose masking takes a debug build a while
/// on an event loop) never delays the pings of the keep-alive test.
@Suite(
    "Integration: WebSockets over AsyncHTTPClientTransport against websockets",
    .serialized,
    .enabled(
        if: WebSocketPeer.echoServer != nil || WebSocketPeer.isRequired,
        "WEBSOCKET_SERVER_URL is not set (scripts/test.sh starts scripts/websocket_server.py)")
)
struct WebSocketEchoTests {
    static let sizes = [0, 125, 126, 65_535, 65_536, 16 << 20]
    static let server = WebSocketPeer.echoServer

    @Test("a text message comes back whole", arguments: sizes)
    func echoText(size: Int) async throws {
        let text = String(repeating: "é", count: size / 2) + String(repeating: "a", count: size % 2)
        try await echo(.text(text))
    }

    @Test("a binary message comes back whole", arguments: sizes)
    func echoBinary(size: Int) async throws {
        try await echo(.binary(Data((0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31) })))
    }

    private func echo(_ message: WebSocketMessage) async throws {
        try await WebSocketPeer.withTransport { transport in
            let socket = try await WebSocketPeer.open(transport, server: Self.server, "/echo")
            try await socket.send(message)
            let echoed = try await socket.receive()
            #expect(echoed?.byteCount == message.byteCount)
            #expect(echoed == message)
            await socket.close(code: .normalClosure, reason: "done")
            #expect(await socket.closeInfo == WebSocketClose(code: .normalClosure, reason: "done"))
        }
    }

    @Test("permessage-deflate is negotiated and 1 MiB of text takes under 10 % of it on the wire")
    func compression() async throws {
        try await WebSocketPeer.withTransport { transport in
            let socket = try await WebSocketPeer.open(
                transport, server: Self.server, "/echo", options: WebSocketOptions(compression: true))
            let before = try await WebSocketPeer.report(socket)
            #expect(before.extensions == ["permessage-deflate"])
            let line = "{\"symbol\":\"ACME\",\"price\":101.25,\"volume\":4000}\n"
            let text = String(String(repeating: line, count: (1 << 20) / line.utf8.count + 1).prefix(1 << 20))
            try await socket.send(.text(text))
            #expect(try await socket.receive() == .text(text))
            let after = try await WebSocketPeer.report(socket)
            let onTheWire = after.wireBytes - before.wireBytes
            print("WebSocket permessage-deflate: 1 MiB of text took \(onTheWire) bytes on the wire")
            #expect(onTheWire < (1 << 20) / 10, "\(onTheWire) bytes on the wire for 1 MiB")
            await socket.close(code: .normalClosure, reason: "")
        }
    }

    @Test("without the option nothing is compressed")
    func noCompression() async throws {
        try await WebSocketPeer.withTransport { transport in
            let socket = try await WebSocketPeer.open(transport, server: Self.server, "/echo")
            #expect(try await WebSocketPeer.report(socket).extensions == [])
            await socket.close(code: .normalClosure, reason: "")
        }
    }

    @Test("the server sees the request's Authorization and the subprotocol it chose")
    func handshakeFields() async throws {
        try await WebSocketPeer.withTransport { transport in
            let socket = try await WebSocketPeer.open(
                transport, server: Self.server, "/echo", options: WebSocketOptions(subprotocols: ["chat.v1"]),
                headers: ["Authorization": "Bearer ws-test-token"])
            let report = try await WebSocketPeer.report(socket)
            #expect(report.authorization == "Bearer ws-test-token")
            #expect(report.subprotocol == "chat.v1")
            #expect(socket.subprotocol == "chat.v1")
            await socket.close(code: .normalClosure, reason: "")
        }
    }

    @Test("a refused handshake comes back with its status and fields")
    func refused() async throws {
        try await WebSocketPeer.withTransport { transport in
            let upgrade = try await WebSocketPeer.upgrade(transport, server: Self.server, "/auth/t1")
            guard case .refused(let response) = upgrade else {
                Issue.record("the server switched protocols without the token")
                return
            }
            #expect(response.head.statusCode == 401)
            #expect(response.head.headers.values(for: "WWW-Authenticate") == ["Bearer realm=\"websocket\""])
            let accepted = try await WebSocketPeer.open(
                transport, server: Self.server, "/auth/t1", headers: ["Authorization": "Bearer t1"])
            await accepted.close(code: .normalClosure, reason: "")
        }
    }

    @Test("the server's close code and reason come back as values", arguments: [1000, 1001, 1011, 4000] as [UInt16])
    func closeCodes(code: UInt16) async throws {
        try await WebSocketPeer.withTransport { transport in
            let socket = try await WebSocketPeer.open(transport, server: Self.server, "/close/\(code)")
            #expect(try await socket.receive() == nil)
            #expect(
                await socket.closeInfo
                    == WebSocketClose(code: WebSocketCloseCode(rawValue: code), reason: "bye \(code)"))
        }
    }

    @Test("a connection cut mid-stream fails as connectionLost after the messages that came before")
    func cutMidStream() async throws {
        try await WebSocketPeer.withTransport { transport in
            let socket = try await WebSocketPeer.open(
                transport, server: Self.server, "/drop?after=3&key=\(UUID().uuidString)")
            for number in 1...3 { #expect(try await socket.receive() == .text("tick \(number)")) }
            let error = await #expect(throws: NetworkError.self) { try await socket.receive() }
            #expect(error?.kind == .connectionLost)
            #expect(await socket.closeInfo?.code == .abnormalClosure)
        }
    }
}
