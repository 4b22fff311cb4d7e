import Foundation

/// Where the library's `Encoder` sends a value, as JSON events in document order.
///
/// ``JSONByteSink`` writes the events as JSON bytes (request bodies); ``ParameterTreeSink`` builds
/// ``Parameters`` from them (query strings). Floats arrive finite; the encoder has applied the
/// non-finite strategy already. Sinks are classes so that the encoder, which is not generic over
/// its sink, writes into one without copying it.
protocol JSONEventSink: AnyObject {
    func beginObject()
    /// The key of the object member whose value comes next.
    func key(_ key: String)
    /// Ends the innermost object. Returns `false` when two of its keys are equal, which only
    /// Foundation's encoder knows how to merge; the result is then discarded.
    func endObject() -> Bool
    func beginArray()
    func endArray()
    func null()
    func bool(_ value: Bool)
    func string(_ value: String)
    func integer(_ value: Int64)
    func unsignedInteger(_ value: UInt64)
    /// An integer wider than 64 bits (`Int128`, `UInt128`).
    func wideInteger(_ value: any BinaryInteger & Sendable)
    func double(_ value: Double)
    func float(_ value: Float)
    func decimal(_ value: Decimal)
}
