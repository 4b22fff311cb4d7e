/// Cancels one request. Returned by every completion-handler request.
///
/// Cancelling is idempotent and safe from any thread; the request's completion still runs
/// exactly once, with ``NetworkError/Kind/cancelled`` unless the request had already finished.
public final class CancellationToken: Sendable {
    private let state: Locked<(cancelled: Bool, action: (@Sendable () -> Void)?)>

    init(_ action: (@Sendable () -> Void)? = nil) {
        state = Locked((false, action))
    }

    /// A token for a request that never started, for example because it could not be built.
    static var finished: CancellationToken { CancellationToken() }

    /// Whether ``cancel()`` was called.
    public var isCancelled: Bool { state.withLock { $0.cancelled } }

    /// Cancels the request if it is still running.
    public func cancel() {
        let action = state.withLock { state -> (@Sendable () -> Void)? in
            guard !state.cancelled else { return nil }
            state.cancelled = true
            return state.action
        }
        action?()
    }
}
