import Foundation

/// The connection of a ``StubWebSocket`` that accepted: it plays its steps as the router reads and keeps the
/// router's messages for the steps that wait for one.
final class StubWebSocketConnection: WebSocketConnection {
    private struct State {
        var steps: ArraySlice<StubWebSocket.Step>
        /// The router's messages that no step has taken yet.
        var unanswered: [WebSocketMessage] = []
        var closeInfo: WebSocketClose?
        /// Counts the changes a waiting ``receive()`` wakes up for: a message from the router, a close.
        var version = 0
        var waiter: CheckedContinuation<Void, any Error>?
    }

    private enum Action {
        case deliver(WebSocketMessage)
        case end
        case drop
        case next
        case wait(version: Int)
    }

    let subprotocol: String?
    private let maximumMessageSize: Int
    private let record: @Sendable (WebSocketMessage) -> Void
    private let state: Locked<State>

    /// A connection that plays `steps`, takes messages up to `maximumMessageSize` bytes, and hands each message
    /// the router sends to `record`.
    init(
        steps: [StubWebSocket.Step],
        subprotocol: String?,
        maximumMessageSize: Int,
        record: @escaping @Sendable (WebSocketMessage) -> Void
    ) {
        self.subprotocol = subprotocol
        self.maximumMessageSize = maximumMessageSize
        self.record = record
        self.state = Locked(State(steps: steps[...]))
    }

    func send(_ message: WebSocketMessage) async throws {
        let waiter = try state.withLock { state in
            guard state.closeInfo == nil else {
                throw NetworkError(.connectionLost, detail: "the stubbed WebSocket is closed")
            }
            state.unanswered.append(message)
            return wake(&state)
        }
        record(message)
        waiter?.resume()
    }

    func receive() async throws -> WebSocketMessage? {
        while true {
            try Task.checkCancellation()
            switch state.withLock({ nextAction(&$0) }) {
            case .deliver(let message):
                guard message.byteCount <= maximumMessageSize else {
                    await close(code: .messageTooBig, reason: "")
                    throw NetworkError(
                        .messageTooLarge,
                        detail: "\(message.byteCount) bytes, over the limit of \(maximumMessageSize)")
                }
                return message
            case .end: return nil
            case .drop: throw NetworkError(.connectionLost, detail: "the stubbed server dropped the connection")
            case .next: continue
            case .wait(let version): try await waitForChange(after: version)
            }
        }
    }

    /// What the next step does, taking it unless it must wait.
    private func nextAction(_ state: inout State) -> Action {
        guard state.closeInfo == nil else { return .end }
        guard let step = state.steps.first else { return .wait(version: state.version) }
        switch step {
        case .message(let message):
            state.steps.removeFirst()
            return .deliver(message)
        case .echo, .awaitMessage:
            guard !state.unanswered.isEmpty else { return .wait(version: state.version) }
            state.steps.removeFirst()
            let message = state.unanswered.removeFirst()
            return step == .echo ? .deliver(message) : .next
        case .close(let code, let reason):
            state.steps.removeFirst()
            state.closeInfo = WebSocketClose(code: code, reason: reason)
            return .end
        case .drop:
            state.steps.removeFirst()
            state.closeInfo = WebSocketClose(code: .abnormalClosure)
            return .drop
        }
    }

    /// Waits until the router sends a message or closes, unless it did since `version`.
    private func waitForChange(after version: Int) async throws {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let waits = state.withLock { state in
                    guard state.version == version else { return false }
                    state.waiter = continuation
                    return true
                }
                if !waits { continuation.resume() }
            }
        } onCancel: {
            let waiter = state.withLock { state in wake(&state) }
            waiter?.resume(throwing: CancellationError())
        }
    }

    /// Counts a change and hands back the waiting reader to wake.
    private func wake(_ state: inout State) -> CheckedContinuation<Void, any Error>? {
        state.version += 1
        defer { state.waiter = nil }
        return state.waiter
    }

    func close(code: WebSocketCloseCode, reason: String) async {
        let waiter = state.withLock { state in
            if state.closeInfo == nil { state.closeInfo = WebSocketClose(code: code, reason: reason) }
            return wake(&state)
        }
        waiter?.resume()
    }

    var closeInfo: WebSocketClose? {
        get async { state.withLock { $0.closeInfo } }
    }
}
