/// Cancels one exchange of a ``URLSessionTransport`` from any thread.
///
/// An exchange may span several `URLSessionTask`s, because the transport re-sends redirects that keep
/// the method itself. Cancelling stops the task running now, and any the exchange would start later.
final class ExchangeHandle: Sendable {
    private enum State {
        case waiting
        case running(cancel: @Sendable () -> Void)
        case cancelled
    }

    private let state = Locked(State.waiting)

    /// Records the task that carries the exchange now, and how to cancel it; `false` when the exchange
    /// was cancelled, in which case that task must not start.
    func begin(cancellingWith cancel: @escaping @Sendable () -> Void) -> Bool {
        state.withLock { state in
            if case .cancelled = state { return false }
            state = .running(cancel: cancel)
            return true
        }
    }

    /// Cancels the running task, if any, and every task the exchange would start after it.
    func cancel() {
        let cancelRunningTask = state.withLock { state -> (@Sendable () -> Void)? in
            defer { state = .cancelled }
            guard case .running(let cancel) = state else { return nil }
            return cancel
        }
        cancelRunningTask?()
    }
}
