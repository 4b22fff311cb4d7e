import NetworkLayer

// Built in the integrations package, the tests take the lock from its own support module: the core's is
// `package` to the root package only.
#if NETWORKLAYER_ASYNC_HTTP_CLIENT
@_exported import IntegrationSupport
#endif

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
