import Foundation

/// Shared mutable state for test fakes (the test target cannot use the library's internal `Locked`).
final class LockedBox<Value>: @unchecked Sendable {
    private var value: Value
    private let lock = NSLock()

    init(_ value: Value) {
        self.value = value
    }

    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }

    var current: Value { withLock { $0 } }
}

extension LockedBox where Value == Int {
    /// Adds one and returns the new count.
    @discardableResult
    func increment() -> Int {
        withLock {
            $0 += 1
            return $0
        }
    }
}

/// Polls `condition` every few milliseconds until it holds or `seconds` pass; returns whether it held.
func eventually(within seconds: Double = 5, _ condition: () -> Bool) async -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
        if condition() { return true }
        try? await Task.sleep(nanoseconds: 2_000_000)
    }
    return condition()
}

/// Gives stray late callbacks a moment to arrive before a test checks "exactly once".
func settle() async {
    try? await Task.sleep(nanoseconds: 50_000_000)
}
