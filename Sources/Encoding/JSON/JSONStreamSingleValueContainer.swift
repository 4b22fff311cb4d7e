/// The single-value container of the library's `Encoder`: writes the one value of its level.
struct JSONStreamSingleValueContainer: SingleValueEncodingContainer {
    let state: JSONStreamState
    let level: Int

    var codingPath: [any CodingKey] { state.codingPath(to: level) }

    mutating func encodeNil() throws { try claim().null() }
    mutating func encode(_ value: Bool) throws { try claim().bool(value) }
    mutating func encode(_ value: String) throws { try claim().string(value) }
    mutating func encode(_ value: Double) throws { try claim().double(value) }
    mutating func encode(_ value: Float) throws { try claim().float(value) }
    mutating func encode(_ value: Int) throws { try claim().integer(value) }
    mutating func encode(_ value: Int8) throws { try claim().integer(value) }
    mutating func encode(_ value: Int16) throws { try claim().integer(value) }
    mutating func encode(_ value: Int32) throws { try claim().integer(value) }
    mutating func encode(_ value: Int64) throws { try claim().integer(value) }
    mutating func encode(_ value: UInt) throws { try claim().integer(value) }
    mutating func encode(_ value: UInt8) throws { try claim().integer(value) }
    mutating func encode(_ value: UInt16) throws { try claim().integer(value) }
    mutating func encode(_ value: UInt32) throws { try claim().integer(value) }
    mutating func encode(_ value: UInt64) throws { try claim().integer(value) }
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    mutating func encode(_ value: Int128) throws { try claim().wideInteger(value) }
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    mutating func encode(_ value: UInt128) throws { try claim().wideInteger(value) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        try state.singleValue(at: level)
        try state.write(value, key: nil)
    }

    /// Claims the level for its one value and returns the value's writer.
    private func claim() throws -> JSONValueWriter {
        try state.singleValue(at: level)
        return JSONValueWriter(state: state)
    }
}
