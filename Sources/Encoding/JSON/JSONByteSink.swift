import Foundation

/// The JSON-bytes sink: passes each event to a ``JSONByteWriter``, in one access to it per event.
final class JSONByteSink: JSONEventSink {
    /// Unchecked: each event is one short access that calls nothing outside the writer, so no two
    /// can overlap, and the runtime's check on every event cost a fifth of the encoding time.
    @exclusivity(unchecked) private var writer: JSONByteWriter

    /// The bytes written so far.
    var bytes: JSONBytes { writer.bytes }

    init(capacity: Int = 1024, escapesSlashes: Bool = false) {
        writer = JSONByteWriter(capacity: capacity, escapesSlashes: escapesSlashes)
    }

    func beginObject() { writer.beginObject() }
    func key(_ key: String) { writer.key(key) }
    func endObject() -> Bool { writer.endObject() }
    func beginArray() { writer.beginArray() }
    func endArray() { writer.endArray() }
    func null() { writer.null() }
    func bool(_ value: Bool) { writer.bool(value) }
    func string(_ value: String) { writer.string(value) }
    func integer(_ value: Int64) { writer.integer(value) }
    func unsignedInteger(_ value: UInt64) { writer.unsignedInteger(value) }
    func wideInteger(_ value: any BinaryInteger & Sendable) { writer.wideInteger(value) }
    func double(_ value: Double) { writer.float(description: value.description) }
    func float(_ value: Float) { writer.float(description: value.description) }
    func decimal(_ value: Decimal) { writer.decimal(value) }
}
