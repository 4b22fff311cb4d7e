import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Cancels one exchange of a ``URLSessionTransport`` from any thread.
///
/// An exchange may span several `URLSessionTask`s, because the transport re-sends redirects that keep
/// the method itself. Cancelling stops the task running now, and any the exchange would start later.
final class ExchangeHandle: Sendable {
    private enum State {
        case waiting
        case running(URLSessionTask)
        case cancelled
    }

    private let state = Locked(State.waiting)

    /// Records `task` as the one carrying the exchange now; `false` when the exchange was cancelled,
    /// in which case `task` must not start.
    func begin(_ task: URLSessionTask) -> Bool {
        state.withLock { state in
            if case .cancelled = state { return false }
            state = .running(task)
            return true
        }
    }

    /// Cancels the running task, if any, and every task the exchange would start after it.
    func cancel() {
        let running = state.withLock { state -> URLSessionTask? in
            defer { state = .cancelled }
            guard case .running(let task) = state else { return nil }
            return task
        }
        if let running { SessionDelegate.cancel(running) }
    }
}
