import Foundation

/// A value guarded by a lock, for the tests of this package: the core's `Locked`, which the integrations use, is
/// `package` to the root package, and this package is another one.
package final class Locked<Value>: @unchecked Sendable {
    private var value: Value
    private let lock = NSLock()

    package init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with exclusive access to the value; `body` must not call back into the same lock.
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
