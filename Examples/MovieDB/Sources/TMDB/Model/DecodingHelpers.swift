extension KeyedDecodingContainer {
    /// The value for `key`, or `fallback` when the key is missing or `null`.
    func decode<Value: Decodable>(_ key: Key, default fallback: Value) throws -> Value {
        try decodeIfPresent(Value.self, forKey: key) ?? fallback
    }
}
