/// An unkeyed container of the library's `Encoder`: each call writes one element of the array at its level.
struct JSONStreamUnkeyedContainer: UnkeyedEncodingContainer {
    let state: JSONStreamState
    let level: Int

    var codingPath: [any CodingKey] { state.codingPath(to: level) }
    var count: Int { state.count(of: level) }

    mutating func encodeNil() throws { try element().null() }
    mutating func encode(_ value: Bool) throws { try element().bool(value) }
    mutating func encode(_ value: String) throws { try element().string(value) }
    mutating func encode(_ value: Double) throws { try element().double(value) }
    mutating func encode(_ value: Float) throws { try element().float(value) }
    mutating func encode(_ value: Int) throws { try element().integer(value) }
    mutating func encode(_ value: Int8) throws { try element().integer(value) }
    mutating func encode(_ value: Int16) throws { try element().integer(value) }
    mutating func encode(_ value: Int32) throws { try element().integer(value) }
    mutating func encode(_ value: Int64) throws { try element().integer(value) }
    mutating func encode(_ value: UInt) throws { try element().integer(value) }
    mutating func encode(_ value: UInt8) throws { try element().integer(value) }
    mutating func encode(_ value: UInt16) throws { try element().integer(value) }
    mutating func encode(_ value: UInt32) throws { try element().integer(value) }
    mutating func encode(_ value: UInt64) throws { try element().integer(value) }
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    mutating func encode(_ value: Int128) throws { try element().wideInteger(value) }
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    mutating func encode(_ value: UInt128) throws { try element().wideInteger(value) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        let index = try state.element(of: level)
        try state.write(value, key: JSONIndexKey(index: index))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type
    ) -> KeyedEncodingContainer<NestedKey> {
        let nested = state.openNested(.object, key: JSONIndexKey?.none, in: level)
        return KeyedEncodingContainer(JSONStreamKeyedContainer<NestedKey>(state: state, level: nested))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        JSONStreamUnkeyedContainer(state: state, level: state.openNested(.array, key: JSONIndexKey?.none, in: level))
    }

    mutating func superEncoder() -> any Encoder {
        JSONStreamEncoder(state: state, level: state.openNested(.pending, key: JSONIndexKey?.none, in: level))
    }

    /// Makes room for the next element and returns the writer of its value.
    private func element() throws -> JSONValueWriter {
        _ = try state.element(of: level)
        return JSONValueWriter(state: state)
    }
}
