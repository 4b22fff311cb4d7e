import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The connections behind one ``WebSocket``: the current one, a task that moves its messages into the inbox, how
/// the socket closed, and the reconnections its endpoint opts into.
final class WebSocketSession: Sendable {
    /// An open connection and the handshake request that opened it, which names it in errors and logs.
    struct Connected: Sendable {
        let connection: any WebSocketConnection
        let request: URLRequest
    }

    /// Sends a handshake through the router's pipeline.
    typealias Connect = @Sendable () async throws(NetworkError) -> Connected

    private struct State {
        var current: Connected
        var closedByRouter = false
        var closeInfo: WebSocketClose?
        var pump: Task<Void, Never>?
        var ended = false
        var whenEnded: (@Sendable () -> Void)?
    }

    let inbox: WebSocketInbox
    private let state: Locked<State>
    private let connect: Connect
    private let reconnection: EventStreamReconnection?
    private let sleep: @Sendable (TimeInterval) async throws -> Void
    private let logger: NetworkLogger?

    init(
        first: Connected,
        options: WebSocketOptions,
        configuration: RouterConfiguration,
        connect: @escaping Connect
    ) {
        self.inbox = WebSocketInbox(capacity: options.inboundBufferSize)
        self.state = Locked(State(current: first))
        self.connect = connect
        self.reconnection = options.reconnection
        self.sleep = configuration.sleep
        self.logger = configuration.logger
    }

    /// Starts moving messages into the inbox; `reconnected` runs after each reconnection, before the new
    /// connection's messages.
    func start(reconnected: @escaping @Sendable () async throws -> Void) {
        let pump = Task { [self] in await run(reconnected: reconnected) }
        let closed = state.withLock { state in
            state.pump = pump
            return state.closedByRouter
        }
        if closed { pump.cancel() }
    }

    /// The subprotocol the server chose for the current connection.
    var subprotocol: String? { state.withLock { $0.current.connection.subprotocol } }

    /// How the last connection closed; `nil` while one is open.
    var closeInfo: WebSocketClose? { state.withLock { $0.closeInfo } }

    /// Sends `message` over the current connection.
    func send(_ message: WebSocketMessage) async throws(NetworkError) {
        let (current, closed) = state.withLock { ($0.current, $0.closedByRouter) }
        guard !closed else {
            throw NetworkError(.connectionLost, detail: "the WebSocket was closed").naming(current.request)
        }
        do {
            try await current.connection.send(message)
        } catch {
            throw NetworkError(error, sending: current.request)
        }
    }

    /// Closes the socket with `code` and `reason`, for good: no reconnection follows.
    func close(code: WebSocketCloseCode, reason: String) async {
        let (current, pump, already) = state.withLock { state in
            defer { state.closedByRouter = true }
            return (state.current, state.pump, state.closedByRouter)
        }
        guard !already else { return }
        await current.connection.close(code: code, reason: reason)
        pump?.cancel()
        let info = await current.connection.closeInfo ?? WebSocketClose(code: code, reason: reason)
        state.withLock { state in
            if state.closeInfo == nil { state.closeInfo = info }
        }
        end()
    }

    private var closedByRouter: Bool { state.withLock { $0.closedByRouter } }

    /// Calls `action` once the socket has ended, at once if it has.
    func whenEnded(_ action: @escaping @Sendable () -> Void) {
        let ended = state.withLock { state in
            if !state.ended { state.whenEnded = action }
            return state.ended
        }
        if ended { action() }
    }

    /// Ends the inbox, normally or with `failure`, and calls the action waiting for the end; the first end counts.
    private func end(_ failure: NetworkError? = nil) {
        inbox.finish(failure)
        let action = state.withLock { state in
            defer { (state.ended, state.whenEnded) = (true, nil) }
            return state.ended ? nil : state.whenEnded
        }
        action?()
    }

    /// Reads connection after connection until the socket ends, then ends the inbox.
    private func run(reconnected: @Sendable () async throws -> Void) async {
        var failures = 0
        while true {
            let current = state.withLock { $0.current }
            guard let failure = await read(current, failures: &failures), !closedByRouter else {
                end()
                return
            }
            guard let policy = reconnection, failure.reconnectsWebSocket else {
                end(failure)
                return
            }
            do throws(NetworkError) {
                try await reconnect(after: failure, policy: policy, failures: &failures)
                try await Self.run(reconnected, naming: state.withLock { $0.current.request })
            } catch {
                await state.withLock { $0.current }.connection.close(code: .goingAway, reason: "")
                end(closedByRouter ? nil : error)
                return
            }
        }
    }

    /// Moves `current`'s messages into the inbox until it ends: `nil` when it closed with 1000 or was closed by
    /// the router, otherwise why it ended. A message starts the count of `failures` again.
    private func read(_ current: Connected, failures: inout Int) async -> NetworkError? {
        do {
            while let message = try await current.connection.receive() {
                failures = 0
                try await inbox.put(message)
            }
        } catch {
            if closedByRouter { return nil }
            await record(current.connection.closeInfo ?? WebSocketClose(code: .abnormalClosure))
            return NetworkError(error, sending: current.request)
        }
        let info = await current.connection.closeInfo ?? WebSocketClose(code: .abnormalClosure)
        await record(info)
        guard info.code != .normalClosure else { return nil }
        var failure = NetworkError(.closedByPeer, detail: info.description).naming(current.request)
        failure.webSocketClose = info
        return failure
    }

    private func record(_ info: WebSocketClose) async {
        state.withLock { $0.closeInfo = info }
    }

    /// Waits and connects again, as `policy` says, until a connection opens; throws the last failure once
    /// `policy` gives up or a failure is not one to reconnect after, and ``NetworkError/Kind/cancelled`` when the
    /// router closed the socket meanwhile.
    private func reconnect(
        after failure: NetworkError,
        policy: EventStreamReconnection,
        failures: inout Int
    ) async throws(NetworkError) {
        var last = failure
        let request = state.withLock { $0.current.request }
        while true {
            failures += 1
            if let maximum = policy.maximumAttempts, failures > maximum { throw last }
            let delay = policy.delay(afterFailures: failures, retry: nil)
            logger?.log(reconnecting: request, in: delay, after: last, attempt: failures)
            do {
                try await sleep(delay)
            } catch {
                throw .cancelled(sending: request)
            }
            guard !closedByRouter else { throw .cancelled(sending: request) }
            do {
                let next = try await connect()
                try await install(next)
                return
            } catch  where error.reconnectsWebSocket {
                last = error
            }
        }
    }

    /// Makes `next` the current connection, unless the router closed the socket meanwhile.
    private func install(_ next: Connected) async throws(NetworkError) {
        let installed = state.withLock { state in
            guard !state.closedByRouter else { return false }
            state.current = next
            state.closeInfo = nil
            return true
        }
        guard installed else {
            await next.connection.close(code: .goingAway, reason: "")
            throw .cancelled(sending: next.request)
        }
    }

    /// Runs the hook that resubscribes after a reconnection; what it throws ends the socket.
    private static func run(
        _ reconnected: @Sendable () async throws -> Void,
        naming request: URLRequest
    ) async throws(NetworkError) {
        do {
            try await reconnected()
        } catch {
            throw NetworkError(error, sending: request)
        }
    }
}

extension NetworkError {
    /// Whether a socket whose connection ended with this error connects again, when its endpoint opts in: after
    /// a lost connection, a missed pong, a close other than 1000 or a 5xx handshake; not after a 4xx handshake,
    /// a message too large, a protocol violation, a cancellation or a request that cannot be built.
    var reconnectsWebSocket: Bool {
        switch kind {
        case .closedByPeer, .pongTimeout: true
        case .handshakeRefused: (statusCode ?? 0) >= 500
        default: kind.isConnectionFailure
        }
    }
}
