import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Ends a task with `URLError(.timedOut)` once it has sent or received nothing for `idleTimeout` (plus
/// ``SessionDelegate/watchdogGrace``), then cancels it.
///
/// A backstop: Foundation on Linux never finishes some transfers, and then no timeout of its own
/// fires either, because the bytes are all in (for example an unanswered authentication challenge).
/// One sweep is pending at a time, whatever the number of tasks, and none while nothing is watched.
struct Watchdog {
    let task: URLSessionTask
    let idleTimeout: TimeInterval

    /// A watchdog for `task`; `nil` when `idleTimeout` is not a positive, finite number of seconds.
    init?(task: URLSessionTask, idleTimeout: TimeInterval) {
        guard idleTimeout.isFinite, idleTimeout > 0 else { return nil }
        self.task = task
        self.idleTimeout = idleTimeout
    }
}

extension SessionDelegate {
    /// How often the watchdog looks for idle tasks while any are watched.
    static let sweepInterval: TimeInterval = 0.5

    /// Schedules a sweep for idle tasks, unless one is pending.
    func scheduleSweep() {
        let alreadyScheduled = sweepScheduled.withLock { scheduled in
            defer { scheduled = true }
            return scheduled
        }
        guard !alreadyScheduled else { return }
        DispatchQueue.global().asyncAfter(deadline: .now() + Self.sweepInterval) { [weak self] in
            self?.sweep()
        }
    }

    private func sweep() {
        // Cleared first: a task watched from here on schedules the next sweep itself.
        sweepScheduled.withLock { $0 = false }
        let now = DispatchTime.now()
        let (expired, stillWatching) = transfers.withLock { transfers in
            var expired: [(Watchdog, SessionTransfer)] = []
            for (id, transfer) in transfers {
                guard let watchdog = transfer.watchdog,
                    transfer.lastActivity + watchdog.idleTimeout + Self.watchdogGrace <= now
                else { continue }
                transfers.removeValue(forKey: id)
                expired.append((watchdog, transfer))
            }
            return (expired, transfers.values.contains { $0.watchdog != nil })
        }
        for (watchdog, transfer) in expired {
            cancel(watchdog.task)
            transfer.end(with: URLError(.timedOut))
        }
        if stillWatching { scheduleSweep() }
    }
}
