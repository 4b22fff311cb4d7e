import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The default transport: a `URLSession` driven through its delegate.
///
/// Driving tasks from the delegate, rather than with completion handlers or `data(for:)`, lets
/// the transport answer authentication challenges itself. On Linux a `401` carrying
/// `WWW-Authenticate: Basic realm=…` otherwise never completes; here it comes back as a 401
/// response (with an empty body, which Foundation discards).
public final class URLSessionTransport: HTTPTransport {
    /// The session that carries the requests. It is invalidated when the transport is released.
    public let session: URLSession
    private let delegate: SessionDelegate

    /// Creates a transport with its own session.
    ///
    /// - Parameter configuration: The session configuration. Defaults to `.ephemeral`: cookies and
    ///   caches live in memory only, so nothing is written to the user's home directory.
    public init(configuration: URLSessionConfiguration = .ephemeral) {
        let delegate = SessionDelegate()
        let queue = OperationQueue()
        queue.name = "NetworkLayer.URLSessionTransport"
        // Serial, so each task's response, data and completion callbacks arrive in order.
        queue.maxConcurrentOperationCount = 1
        self.delegate = delegate
        self.session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: queue)
    }

    deinit {
        session.finishTasksAndInvalidate()
    }

    /// Sends `request`; cancelling the calling task cancels the HTTP request.
    public func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        let running = Locked<RunningTask>(.notStarted)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let task = session.dataTask(with: request)
                delegate.register(task) { continuation.resume(with: $0) }
                let started = running.withLock { state -> Bool in
                    guard case .notStarted = state else { return false }
                    state = .started(task)
                    return true
                }
                if started {
                    delegate.watch(task, idleTimeout: request.timeoutInterval)
                    task.resume()
                } else {
                    delegate.discard(task, with: CancellationError())
                    // Completes the never-resumed task, so the session does not wait for it on invalidation.
                    task.cancel()
                }
            }
        } onCancel: {
            running.withLock { state in
                if case .started(let task) = state { task.cancel() }
                state = .cancelled
            }
        }
    }

    private enum RunningTask {
        case notStarted
        case started(URLSessionTask)
        case cancelled
    }
}
