import Foundation

/// A sink that keeps nothing: a run into it only checks the value (see ``JSONStreamState/check(_:userInfo:)``).
final class DiscardingJSONSink: JSONEventSink {
    func beginObject() {}
    func key(_ key: String) {}
    func endObject() -> Bool { true }
    func beginArray() {}
    func endArray() {}
    func null() {}
    func bool(_ value: Bool) {}
    func string(_ value: String) {}
    func integer(_ value: Int64) {}
    func unsignedInteger(_ value: UInt64) {}
    func wideInteger(_ value: any BinaryInteger & Sendable) {}
    func double(_ value: Double) {}
    func float(_ value: Float) {}
    func decimal(_ value: Decimal) {}
}
