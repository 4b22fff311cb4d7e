import Synchronization

/// When the `cancelling` phase cancels each request: at a random moment between its start and twice the
/// time requests have lately taken to complete, so that about half of them are cancelled before they
/// finish and the rest race their own completion, whatever the machine's speed.
///
/// Every eighth request is left to complete and times the others: timing only the requests that beat
/// their cancellation would favour the fast ones, and the delays would shrink run after run.
final class CancellationTiming: Sendable {
    /// A moving average of how long the timing requests took, in nanoseconds.
    private let typicalNanoseconds = Mutex(10_000_000.0)

    /// Whether request `id` is a timing request, which is never cancelled.
    func times(_ id: Int) -> Bool {
        id.isMultiple(of: 8)
    }

    /// How long to wait before cancelling the next request, in nanoseconds.
    func nextDelay() -> UInt64 {
        UInt64.random(in: 0...UInt64(2 * typicalNanoseconds.withLock { $0 }))
    }

    /// Records how long a timing request took.
    func record(_ duration: Duration) {
        let nanoseconds = Double(duration.components.seconds) * 1e9 + Double(duration.components.attoseconds) / 1e9
        typicalNanoseconds.withLock { $0 = 0.9 * $0 + 0.1 * nanoseconds }
    }
}
