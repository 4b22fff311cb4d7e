import Foundation

/// The messages a socket received and its reader has not taken yet: at most `capacity`, so that once it is full
/// the socket stops reading from the network until the reader catches up.
///
/// One task puts, any number take (each message goes to one of them); the end, normal or an error, reaches
/// every reader once the messages before it have been taken.
final class WebSocketInbox: Sendable {
    private typealias Reader = CheckedContinuation<WebSocketMessage?, any Error>
    private typealias Writer = CheckedContinuation<Void, any Error>

    private struct State {
        var messages: [WebSocketMessage] = []
        /// `nil` while open; then the end: `.success` for a normal one.
        var end: Result<Void, NetworkError>?
        var readers: [(id: Int, continuation: Reader)] = []
        var writer: Writer?
        var nextID = 0
        /// Readers and writers cancelled before they waited.
        var cancelled: Set<Int> = []
    }

    private let capacity: Int
    private let state = Locked(State())

    /// An inbox for `capacity` messages, at least one.
    init(capacity: Int) {
        self.capacity = max(capacity, 1)
    }

    /// How many messages wait for a reader.
    var count: Int { state.withLock { $0.messages.count } }

    /// Adds `message`, first waiting while the inbox is full; throws `CancellationError` when the calling task is
    /// cancelled or the inbox has ended.
    func put(_ message: WebSocketMessage) async throws {
        let id = state.withLock { state in
            defer { state.nextID += 1 }
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: Writer) in
                let ready = state.withLock { state -> Bool? in
                    guard state.end == nil, !state.cancelled.contains(id) else { return nil }
                    if state.messages.count < capacity { return true }
                    state.writer = continuation
                    return false
                }
                switch ready {
                case true?: continuation.resume()
                case false?: break
                case nil: continuation.resume(throwing: CancellationError())
                }
            }
            try deliver(message)
        } onCancel: {
            let writer = state.withLock { state in
                defer { state.writer = nil }
                if state.writer == nil { state.cancelled.insert(id) }
                return state.writer
            }
            writer?.resume(throwing: CancellationError())
        }
        state.withLock { _ = $0.cancelled.remove(id) }
    }

    /// Hands `message` to a waiting reader, or keeps it.
    private func deliver(_ message: WebSocketMessage) throws {
        let reader = try state.withLock { state in
            guard state.end == nil else { throw CancellationError() }
            guard !state.readers.isEmpty else {
                state.messages.append(message)
                return nil as Reader?
            }
            return state.readers.removeFirst().continuation
        }
        reader?.resume(returning: message)
    }

    /// The next message, waiting for one; `nil` once the inbox ended normally and is empty. Throws the error it
    /// ended with, or ``NetworkError/Kind/cancelled`` when the calling task is cancelled.
    func take() async throws -> WebSocketMessage? {
        let id = state.withLock { state in
            defer { state.nextID += 1 }
            return state.nextID
        }
        defer { state.withLock { _ = $0.cancelled.remove(id) } }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let (outcome, writer) = state.withLock { state in
                    takeOrWait(id: id, continuation: continuation, &state)
                }
                writer?.resume()
                if let outcome { continuation.resume(with: outcome) }
            }
        } onCancel: {
            let reader = state.withLock { state in
                guard let index = state.readers.firstIndex(where: { $0.id == id }) else {
                    state.cancelled.insert(id)
                    return nil as Reader?
                }
                return state.readers.remove(at: index).continuation
            }
            reader?.resume(throwing: NetworkError(.cancelled))
        }
    }

    /// What a reader gets at once, if anything, and the writer to wake because a place came free.
    private func takeOrWait(
        id: Int,
        continuation: Reader,
        _ state: inout State
    ) -> (Result<WebSocketMessage?, any Error>?, Writer?) {
        if !state.messages.isEmpty {
            let message = state.messages.removeFirst()
            let writer = state.writer
            state.writer = nil
            return (.success(message), writer)
        }
        if state.cancelled.contains(id) { return (.failure(NetworkError(.cancelled)), nil) }
        switch state.end {
        case .success?: return (.success(nil), nil)
        case .failure(let error)?: return (.failure(error), nil)
        case nil:
            state.readers.append((id, continuation))
            return (nil, nil)
        }
    }

    /// Ends the inbox, normally or with `error`, once the messages in it are taken; the first end counts.
    func finish(_ error: NetworkError? = nil) {
        let (readers, writer) = state.withLock { state -> ([Reader], Writer?) in
            guard state.end == nil else { return ([], nil) }
            state.end = error.map { .failure($0) } ?? .success(())
            let readers = state.readers.map(\.continuation)
            let writer = state.writer
            state.readers = []
            state.writer = nil
            return (readers, writer)
        }
        writer?.resume(throwing: CancellationError())
        for reader in readers {
            if let error { reader.resume(throwing: error) } else { reader.resume(returning: nil) }
        }
    }
}
