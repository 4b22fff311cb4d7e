/// Writes one scalar into a ``JSONStreamState``'s sink, once a container has made the slot for it.
struct JSONValueWriter {
    let state: JSONStreamState

    func null() { state.sink.null() }
    func bool(_ value: Bool) { state.sink.bool(value) }
    func string(_ value: String) { state.sink.string(value) }
    func integer(_ value: some SignedInteger & FixedWidthInteger) { state.sink.integer(Int64(value)) }
    func integer(_ value: some UnsignedInteger & FixedWidthInteger) { state.sink.unsignedInteger(UInt64(value)) }
    func wideInteger(_ value: any BinaryInteger & Sendable) { state.sink.wideInteger(value) }
    func double(_ value: Double) throws { try state.writeFloat(value) }
    func float(_ value: Float) throws { try state.writeFloat(value) }
}
