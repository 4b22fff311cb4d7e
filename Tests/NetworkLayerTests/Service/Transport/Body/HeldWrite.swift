import Foundation
@_spi(Transport) import NetworkLayer
import TestSupport

/// A one-shot signal a task can wait for.
final class Signal: Sendable {
    private let state = Locked<(raised: Bool, waiters: [CheckedContinuation<Void, Never>])>((false, []))

    func raise() {
        let waiters = state.withLock { state in
            defer { state = (true, []) }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
    }

    func wait() async {
        await withCheckedContinuation { continuation in
            let raised = state.withLock { state in
                if !state.raised { state.waiters.append(continuation) }
                return state.raised
            }
            if raised { continuation.resume() }
        }
    }
}

/// Holds the first disk operation that enters it until the test lets it go, as a slow disk would.
final class HeldWrite: Sendable {
    /// Raised once the first write is under way.
    let writing = Signal()
    private let released = DispatchSemaphore(value: 0)
    private let state = Locked<(writes: Int, heldTooLong: Bool)>((0, false))

    /// The longest the write waits to be let go of before it records that the test never did. Correct
    /// code lets it go within microseconds; code that holds a lock while writing deadlocks the test, which
    /// this turns into a failure instead of a hang.
    private static let patience: DispatchTimeInterval = .seconds(60)

    /// Whether the write waited out ``patience``.
    var heldTooLong: Bool { state.current.heldTooLong }

    /// Lets the held write go on.
    func release() { released.signal() }

    /// Call at the start of each write: the first one waits here until ``release()``.
    func enter() {
        let first = state.withLock { state in
            state.writes += 1
            return state.writes == 1
        }
        guard first else { return }
        writing.raise()
        if released.wait(timeout: .now() + Self.patience) == .timedOut {
            state.withLock { $0.heldTooLong = true }
        }
    }
}
