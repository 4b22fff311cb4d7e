import Foundation
import TestSupport

@testable import NetworkLayer

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

/// Spill files on a disk that holds the first write until the test lets it go, as a slow disk would.
final class SlowDisk: Sendable {
    /// Raised once the first write is under way.
    let writing = Signal()
    private let released = DispatchSemaphore(value: 0)
    private let state = Locked<(writes: Int, reads: Int, heldTooLong: Bool)>((0, 0, false))

    /// The longest a write waits to be let go of before it records that the test never did. A correct
    /// channel lets it go within microseconds; one that holds its lock while writing deadlocks the test,
    /// which this turns into a failure instead of a hang.
    private static let patience: DispatchTimeInterval = .seconds(60)

    /// Whether a write waited out ``patience``.
    var heldTooLong: Bool { state.current.heldTooLong }
    /// How many times the consumer read from disk.
    var reads: Int { state.current.reads }

    /// Lets the held write go on.
    func release() { released.signal() }

    /// A new spill file on this disk.
    func open() throws -> any SpillStorage { File(disk: self, file: try SpillFile()) }

    private struct File: SpillStorage {
        let disk: SlowDisk
        let file: SpillFile

        func append(_ chunk: Data) throws {
            let first = disk.state.withLock { state in
                state.writes += 1
                return state.writes == 1
            }
            if first {
                disk.writing.raise()
                if disk.released.wait(timeout: .now() + SlowDisk.patience) == .timedOut {
                    disk.state.withLock { $0.heldTooLong = true }
                }
            }
            try file.append(chunk)
        }

        func read(upTo count: Int) throws -> Data {
            disk.state.withLock { $0.reads += 1 }
            return try file.read(upTo: count)
        }
    }
}
