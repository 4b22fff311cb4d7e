/// A keyed container of the library's `Encoder`: each call writes one member of the object at its level.
struct JSONStreamKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let state: JSONStreamState
    let level: Int

    var codingPath: [any CodingKey] { state.codingPath(to: level) }

    mutating func encodeNil(forKey key: Key) throws { try member(key).null() }
    mutating func encode(_ value: Bool, forKey key: Key) throws { try member(key).bool(value) }
    mutating func encode(_ value: String, forKey key: Key) throws { try member(key).string(value) }
    mutating func encode(_ value: Double, forKey key: Key) throws { try member(key).double(value) }
    mutating func encode(_ value: Float, forKey key: Key) throws { try member(key).float(value) }
    mutating func encode(_ value: Int, forKey key: Key) throws { try member(key).integer(value) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { try member(key).integer(value) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { try member(key).integer(value) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { try member(key).integer(value) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { try member(key).integer(value) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { try member(key).integer(value) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { try member(key).integer(value) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { try member(key).integer(value) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { try member(key).integer(value) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { try member(key).integer(value) }
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    mutating func encode(_ value: Int128, forKey key: Key) throws { try member(key).wideInteger(value) }
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    mutating func encode(_ value: UInt128, forKey key: Key) throws { try member(key).wideInteger(value) }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        try state.member(key, of: level)
        try state.write(value, key: key)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type,
        forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        let nested = state.openNested(.object, key: key, in: level)
        return KeyedEncodingContainer(JSONStreamKeyedContainer<NestedKey>(state: state, level: nested))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        JSONStreamUnkeyedContainer(state: state, level: state.openNested(.array, key: key, in: level))
    }

    mutating func superEncoder() -> any Encoder {
        JSONStreamEncoder(state: state, level: state.openNested(.pending, key: JSONSuperKey(), in: level))
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        JSONStreamEncoder(state: state, level: state.openNested(.pending, key: key, in: level))
    }

    /// Writes `key` and returns the writer of its value.
    private func member(_ key: Key) throws -> JSONValueWriter {
        try state.member(key, of: level)
        return JSONValueWriter(state: state)
    }
}

/// The key Foundation gives a keyed container's `superEncoder()`.
struct JSONSuperKey: CodingKey {
    var stringValue: String { "super" }
    var intValue: Int? { nil }

    init() {}
    init?(stringValue: String) { nil }
    init?(intValue: Int) { nil }
}
