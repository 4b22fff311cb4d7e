extension Dictionary {
    /// Runs `body` on the value stored for `key`, in place: the value is neither copied nor hashed
    /// twice, so a buffer it holds stays uniquely referenced and grows without copying. `nil` when the
    /// dictionary holds no value for `key`.
    mutating func modifyValue<Result>(forKey key: Key, _ body: (inout Value) throws -> Result) rethrows -> Result? {
        guard let index = index(forKey: key) else { return nil }
        return try body(&values[index])
    }
}
