import Foundation
import TestSupport
import Testing

@_spi(Transport) @testable import NetworkLayer

@Suite("WebSocket reconnection")
struct WebSocketReconnectionTests {
    /// A router over `scripts` whose waits are recorded instead of slept.
    private func router(_ scripts: [StubWebSocket]) -> (
        Router<SocketEndpoint>, StubTransport<SocketEndpoint>, Locked<[TimeInterval]>
    ) {
        let waits = Locked<[TimeInterval]>([])
        let configuration = RouterConfiguration().sleeping { seconds in waits.withLock { $0.append(seconds) } }
        let stub = StubTransport<SocketEndpoint>().webSockets { _ in scripts }
        return (Router(configuration: configuration, stub: stub), stub, waits)
    }

    @Test("A dropped connection reconnects after the backoff; the resubscribe hook runs once, before new messages")
    func reconnects() async throws {
        let (router, stub, waits) = router([
            .accept([.message(.text("a")), .drop]),
            .accept([.awaitMessage, .message(.text("b")), .close(.normalClosure)]),
        ])
        let hooks = Locked(0)
        let socket = try await router.webSocket(SocketEndpoint().reconnecting()) { socket in
            hooks.increment()
            try await socket.send(.text("subscribe"))
        }
        let (messages, error) = await socket.collect()
        #expect(messages == [.text("a"), .text("b")])
        #expect(error == nil)
        #expect(waits.current == [1])
        #expect(hooks.current == 1)
        #expect(stub.sentMessages(to: SocketEndpoint().reconnecting()) == [.text("subscribe")])
        #expect(stub.webSocketLog.handshakes { _ in true }.count == 2)
    }

    @Test(
        "How a connection ends decides whether it reconnects",
        arguments: [
            (StubWebSocket.Step.close(.normalClosure), false),
            (.close(.goingAway), true),
            (.close(.internalServerError), true),
            (.close(WebSocketCloseCode(rawValue: 4000)), true),
            (.drop, true),
        ])
    func reconnectsAfter(end: StubWebSocket.Step, reconnects: Bool) async throws {
        let (router, stub, waits) = router([.accept([end]), .accept([.close(.normalClosure)])])
        let socket = try await router.webSocket(SocketEndpoint().reconnecting())
        let (_, error) = await socket.collect()
        #expect(error == nil)
        #expect(waits.current.count == (reconnects ? 1 : 0))
        #expect(stub.webSocketLog.handshakes { _ in true }.count == (reconnects ? 2 : 1))
    }

    @Test("A message too large ends the socket without reconnecting")
    func noReconnectionAfterTooLarge() async throws {
        let (router, _, waits) = router([.accept([.message(.binary(Data(count: 64)))])])
        var endpoint = SocketEndpoint().reconnecting()
        endpoint.webSocketOptions.maximumMessageSize = 16
        let (_, error) = try await router.webSocket(endpoint).collect()
        #expect(error?.kind == .messageTooLarge)
        #expect(waits.current.isEmpty)
    }

    @Test("Failed reconnections back off up to the cap; a 5xx handshake is tried again, a 4xx one ends the socket")
    func backoffThen4xx() async throws {
        let (router, stub, waits) = router([
            .accept([.drop]),
            .refuse(.http(503)),
            .refuse(.failure(.cannotConnectToHost)),
            .refuse(.http(502)),
            .refuse(.failure(.networkConnectionLost)),
            .refuse(.http(403)),
        ])
        let (_, error) = try await router.webSocket(SocketEndpoint().reconnecting()).collect()
        #expect(error?.kind == .handshakeRefused)
        #expect(error?.statusCode == 403)
        #expect(waits.current == [1, 2, 4, 8, 8])
        #expect(stub.webSocketLog.handshakes { _ in true }.count == 6)
    }

    @Test("A connection that delivered a message starts the backoff again")
    func messageResetsBackoff() async throws {
        let (router, _, waits) = router([
            .accept([.drop]),
            .refuse(.http(503)),
            .accept([.message(.text("x")), .drop]),
            .accept([.close(.normalClosure)]),
        ])
        let (messages, error) = try await router.webSocket(SocketEndpoint().reconnecting()).collect()
        #expect(messages == [.text("x")])
        #expect(error == nil)
        #expect(waits.current == [1, 2, 1])
    }

    @Test("maximumAttempts ends the socket with the last failure")
    func maximumAttempts() async throws {
        let (router, _, waits) = router([.accept([.drop]), .refuse(.failure(.cannotConnectToHost))])
        var policy = SocketEndpoint.fastReconnection
        policy.maximumAttempts = 2
        let (_, error) = try await router.webSocket(SocketEndpoint().reconnecting(policy)).collect()
        #expect(error?.kind == .cannotConnect)
        #expect(waits.current == [1, 2])
    }

    @Test("Without a reconnection policy a dropped connection ends the loop with connectionLost")
    func noPolicy() async throws {
        let (router, _, waits) = router([.accept([.message(.text("a")), .drop])])
        let (messages, error) = try await router.webSocket(SocketEndpoint()).collect()
        #expect(messages == [.text("a")])
        #expect(error?.kind == .connectionLost)
        #expect(waits.current.isEmpty)
    }

    @Test("close() during the wait before a reconnection ends the loop normally, and nothing reconnects")
    func closeWhileWaiting() async throws {
        let waiting = Locked(false)
        let configuration = RouterConfiguration().sleeping { _ in
            waiting.withLock { $0 = true }
            try await Task.sleep(nanoseconds: UInt64.max / 2)
        }
        let stub = StubTransport<SocketEndpoint>().webSockets { _ in [.accept([.drop]), .accept()] }
        let socket = try await Router(configuration: configuration, stub: stub).webSocket(
            SocketEndpoint().reconnecting())
        let loop = Task { await socket.collect() }
        #expect(await eventually { waiting.current })
        await socket.close()
        let (_, error) = await loop.value
        #expect(error == nil)
        #expect(stub.webSocketLog.handshakes { _ in true }.count == 1)
    }

    @Test("A resubscribe hook that throws ends the socket with its error")
    func hookFails() async throws {
        let (router, _, _) = router([.accept([.drop]), .accept()])
        let socket = try await router.webSocket(SocketEndpoint().reconnecting()) { _ in
            throw NetworkError(.invalidRequest, detail: "no subscription")
        }
        let (_, error) = await socket.collect()
        #expect(error?.kind == .invalidRequest)
    }
}
