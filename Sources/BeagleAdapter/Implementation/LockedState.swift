import Foundation

/// A value guarded by a lock, for the adapter's few pieces of shared mutable state.
///
/// NetworkLayer's own lock box is internal to that module. This one needs no unchecked conformance:
/// the class is `Sendable` because its only mutable property is reached solely under the lock.
final class LockedState<State: Sendable>: Sendable {
    private let lock = NSLock()
    private nonisolated(unsafe) var state: State

    init(_ state: State) {
        self.state = state
    }

    /// Runs `body` with exclusive access to the state. `body` must not call back into this lock.
    func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&state)
    }
}
