/// Forwards byte counts to a ``TransferProgressHandler`` so that reports never go backwards,
/// even when a redirect makes the transport send a body a second time.
final class ProgressReporter: Sendable {
    private let handler: TransferProgressHandler
    private let last = Locked<TransferProgress?>(nil)

    init(_ handler: @escaping TransferProgressHandler) {
        self.handler = handler
    }

    /// Reports `completed` of `total` bytes, unless that would move backwards or repeat the last report.
    func report(completed: Int64, total: Int64?) {
        let update = last.withLock { last -> TransferProgress? in
            let completed = max(completed, last?.completedBytes ?? 0)
            let next = TransferProgress(completedBytes: completed, totalBytes: total.map { max($0, completed) })
            guard next != last else { return nil }
            last = next
            return next
        }
        if let update { handler(update) }
    }

    /// Reports the end of a transfer: everything done, with the total set to what was transferred
    /// when no total was known.
    func finish() {
        let done = last.withLock { last -> TransferProgress? in
            let completed = last?.completedBytes ?? 0
            let total = max(last?.totalBytes ?? completed, completed)
            let next = TransferProgress(completedBytes: total, totalBytes: total)
            guard next != last else { return nil }
            last = next
            return next
        }
        if let done { handler(done) }
    }
}
