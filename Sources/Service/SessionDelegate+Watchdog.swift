import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension SessionDelegate {
    /// Fails `task` with `URLError(.timedOut)` once it has sent or received nothing for `idleTimeout`
    /// (plus ``watchdogGrace``), then cancels it.
    ///
    /// A backstop: Foundation on Linux never finishes some transfers, and then no timeout of its own
    /// fires either, because the bytes are all in (for example an unanswered authentication challenge).
    func watch(_ task: URLSessionTask, idleTimeout: TimeInterval) {
        guard idleTimeout.isFinite, idleTimeout > 0 else { return }
        let deadline = transfers.withLock { $0[task.taskIdentifier]?.lastActivity }
        guard let deadline else { return }
        schedule(task, idleTimeout: idleTimeout, at: deadline + idleTimeout + Self.watchdogGrace)
    }

    private func schedule(_ task: URLSessionTask, idleTimeout: TimeInterval, at deadline: DispatchTime) {
        DispatchQueue.global().asyncAfter(deadline: deadline) { [weak self, weak task] in
            guard let self, let task else { return }
            let now = DispatchTime.now()
            let outcome = transfers.withLock { transfers -> (expired: SessionTransfer?, next: DispatchTime?) in
                guard let transfer = transfers[task.taskIdentifier] else { return (nil, nil) }
                let due = transfer.lastActivity + idleTimeout + Self.watchdogGrace
                guard due <= now else { return (nil, due) }
                transfers.removeValue(forKey: task.taskIdentifier)
                return (transfer, nil)
            }
            if let expired = outcome.expired {
                task.cancel()
                expired.file?.discard()
                expired.completion(.failure(URLError(.timedOut)))
            } else if let next = outcome.next {
                schedule(task, idleTimeout: idleTimeout, at: next)
            }
        }
    }
}
