import NetworkLayer

extension Locked {
    /// A copy of the value as it is now.
    package var current: Value { withLock { $0 } }
}

extension Locked where Value == Int {
    /// Adds one and returns the new count.
    @discardableResult
    package func increment() -> Int {
        withLock {
            $0 += 1
            return $0
        }
    }
}
