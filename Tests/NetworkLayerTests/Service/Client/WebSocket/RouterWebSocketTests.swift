import Foundation
import TestSupport
import Testing

@_spi(Transport) @testable import NetworkLayer

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("Router.webSocket")
struct RouterWebSocketTests {
    private func router(_ scripts: @escaping @Sendable (SocketEndpoint) -> [StubWebSocket]) -> (
        Router<SocketEndpoint>, StubTransport<SocketEndpoint>
    ) {
        let stub = StubTransport<SocketEndpoint>().webSockets(scripts)
        return (Router(stub: stub), stub)
    }

    @Test("Messages arrive in order and the loop ends at a normal close; sent messages are recorded")
    func roundTrip() async throws {
        let (router, stub) = router { _ in
            [.accept([.message(.text("welcome")), .echo, .message(.binary(Data([0, 1, 2]))), .close(.normalClosure)])]
        }
        let socket = try await router.webSocket(SocketEndpoint())
        try await socket.send(.text("ping"))
        let (messages, error) = await socket.collect()
        #expect(messages == [.text("welcome"), .text("ping"), .binary(Data([0, 1, 2]))])
        #expect(error == nil)
        #expect(socket.closeInfo == WebSocketClose(code: .normalClosure))
        #expect(stub.sentMessages(to: SocketEndpoint()) == [.text("ping")])
    }

    struct Payload: Codable, Equatable {
        var symbol: String
        var price: Int
    }

    @Test("send(json:) sends a text message of JSON")
    func json() async throws {
        let (router, stub) = router { _ in [.accept([.echo])] }
        let socket = try await router.webSocket(SocketEndpoint())
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        try await socket.send(json: Payload(symbol: "AAPL", price: 190), encoder: encoder)
        var iterator = socket.messages.makeAsyncIterator()
        let echoed = try await iterator.next()
        #expect(echoed == .text(#"{"price":190,"symbol":"AAPL"}"#))
        #expect(stub.sentMessages { _ in true }.count == 1)
        await socket.close()
    }

    @Test(
        "Codes other than 1000 end the loop with closedByPeer, the code and reason as values",
        arguments: [1001, 1011, 4000] as [UInt16])
    func closedByPeer(code: UInt16) async throws {
        let (router, _) = router { _ in
            [.accept([.message(.text("a")), .close(WebSocketCloseCode(rawValue: code), reason: "bye")])]
        }
        let socket = try await router.webSocket(SocketEndpoint())
        let (messages, error) = await socket.collect()
        #expect(messages == [.text("a")])
        let failure = try #require(error)
        #expect(failure.kind == .closedByPeer)
        #expect(failure.webSocketClose == WebSocketClose(code: WebSocketCloseCode(rawValue: code), reason: "bye"))
        #expect(socket.closeInfo?.code.rawValue == code)
        #expect(failure.description.hasPrefix("WebSocket closed by the peer: GET https://chat.example.com/v1/rooms/7"))
        #expect(failure.description.contains("\(code) (bye)"))
        #expect(!failure.description.contains("\n"))
    }

    @Test(
        "ws, wss, http and https base URLs all send an http(s) handshake",
        arguments: [
            ("ws://chat.example.com", "http://chat.example.com/rooms/7"),
            ("wss://chat.example.com", "https://chat.example.com/rooms/7"),
            ("WSS://chat.example.com:8443/v1", "https://chat.example.com:8443/v1/rooms/7"),
            ("http://127.0.0.1:8080", "http://127.0.0.1:8080/rooms/7"),
            ("https://chat.example.com", "https://chat.example.com/rooms/7"),
        ])
    func schemes(base: String, handshake: String) async throws {
        let stub = StubTransport<SocketEndpoint>()
        let endpoint = SocketEndpoint(baseURL: try #require(URL(string: base)))
        let socket = try await Router(stub: stub).webSocket(endpoint)
        let sent = try #require(stub.webSocketLog.handshakes { _ in true }.first)
        #expect(sent.url?.absoluteString == handshake)
        #expect(sent.httpMethod == "GET")
        await socket.close()
    }

    @Test("The endpoint's headers and options reach the transport")
    func options() async throws {
        let seen = Locked<(URLRequest, WebSocketOptions)?>(nil)
        let transport = SocketTransport { request, options in
            seen.withLock { $0 = (request.head, options) }
            return .connected(
                StubWebSocketConnection(steps: [], subprotocol: "chat.v2", maximumMessageSize: 1) { _ in }, head: nil)
        }
        let options = WebSocketOptions(
            subprotocols: ["chat.v2", "chat.v1"], pingInterval: 20, pongTimeout: 5, maximumMessageSize: 1024,
            compression: true)
        let endpoint = SocketEndpoint(headers: ["X-Client": "tests"], webSocketOptions: options)
        let socket = try await Router<SocketEndpoint>(transport: transport).webSocket(endpoint)
        let (request, received) = try #require(seen.current)
        #expect(request.value(forHTTPHeaderField: "X-Client") == "tests")
        #expect(received == options)
        #expect(socket.subprotocol == "chat.v2")
        await socket.close()
    }

    @Test("A message over the endpoint's maximum size ends the loop with messageTooLarge, after closing with 1009")
    func tooLarge() async throws {
        let (router, _) = router { _ in [.accept([.message(.text("small")), .message(.binary(Data(count: 2048)))])] }
        var endpoint = SocketEndpoint()
        endpoint.webSocketOptions.maximumMessageSize = 1024
        let socket = try await router.webSocket(endpoint)
        let (messages, error) = await socket.collect()
        #expect(messages == [.text("small")])
        #expect(error?.kind == .messageTooLarge)
        #expect(socket.closeInfo?.code == .messageTooBig)
    }

    @Test("close() ends the loop normally, records the code, and later sends fail")
    func close() async throws {
        let (router, _) = router { _ in [.accept()] }
        let socket = try await router.webSocket(SocketEndpoint())
        let loop = Task { await socket.collect() }
        await socket.close(code: WebSocketCloseCode(rawValue: 4001), reason: "done")
        let (messages, error) = await loop.value
        #expect(messages.isEmpty)
        #expect(error == nil)
        #expect(socket.closeInfo == WebSocketClose(code: WebSocketCloseCode(rawValue: 4001), reason: "done"))
        await #expect(throws: NetworkError.self) { try await socket.send(.text("late")) }
    }

    @Test("A slow reader leaves at most the inbound buffer's messages waiting: the connection is read no further")
    func backpressure() async throws {
        let steps = (0..<100).map { StubWebSocket.Step.message(.text("\($0)")) }
        let (router, _) = router { _ in [.accept(steps)] }
        var endpoint = SocketEndpoint()
        endpoint.webSocketOptions.inboundBufferSize = 4
        let socket = try await router.webSocket(endpoint)
        #expect(await eventually { socket.inbox.count == 4 })
        await settle()
        #expect(socket.inbox.count == 4)
        var iterator = socket.messages.makeAsyncIterator()
        #expect(try await iterator.next() == .text("0"))
        #expect(await eventually { socket.inbox.count == 4 })
        #expect(try await iterator.next() == .text("1"))
        await socket.close()
    }

    @Test("Cancelling a loop's task ends its wait with cancelled and leaves the socket open")
    func cancelledReader() async throws {
        let (router, _) = router { _ in [.accept([.echo])] }
        let socket = try await router.webSocket(SocketEndpoint())
        let loop = Task { await socket.collect() }
        loop.cancel()
        #expect(await loop.value.error?.kind == .cancelled)
        try await socket.send(.text("still open"))
        var iterator = socket.messages.makeAsyncIterator()
        #expect(try await iterator.next() == .text("still open"))
        await socket.close()
    }

    @Test("Router.cancel() closes its sockets with 1001; a socket that ended is no longer in flight")
    func routerCancel() async throws {
        let (router, _) = router { _ in [.accept()] }
        let socket = try await router.webSocket(SocketEndpoint())
        #expect(router.inFlightCount == 1)
        let loop = Task { await socket.collect() }
        router.cancel()
        let (_, error) = await loop.value
        #expect(error == nil)
        #expect(socket.closeInfo?.code == .goingAway)
        #expect(await eventually { router.inFlightCount == 0 })
        let closed = try await router.webSocket(SocketEndpoint())
        await closed.close()
        #expect(router.inFlightCount == 0)
    }

    @Test("A socket let go without being closed closes with 1001")
    func released() async throws {
        let connection = StubWebSocketConnection(steps: [], subprotocol: nil, maximumMessageSize: 1) { _ in }
        let router = Router<SocketEndpoint>(transport: SocketTransport { _, _ in .connected(connection, head: nil) })
        try await send(through: router)
        #expect(await eventually { router.inFlightCount == 0 })
        #expect(await connection.closeInfo?.code == .goingAway)
    }

    /// Opens a socket, sends on it and lets it go.
    private func send(through router: Router<SocketEndpoint>) async throws {
        let socket = try await router.webSocket(SocketEndpoint())
        try await socket.send(.text("bye"))
    }
}
