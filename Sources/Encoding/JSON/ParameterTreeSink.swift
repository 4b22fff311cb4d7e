import Foundation

/// Builds ``Parameters`` from JSON events: objects become `[String: any Sendable]`, arrays
/// `[any Sendable]`, `null` `NSNull`, and scalars keep their Swift types, so ``URLParameterEncoder``
/// spells them exactly as it spells parameters written by hand.
///
/// A repeated key keeps its last value, as in Foundation's encoder.
final class ParameterTreeSink: JSONEventSink {
    /// The encoded value, once its last event has arrived.
    private(set) var root: (any Sendable)?
    private var containers: [OpenContainer] = []

    private struct OpenContainer {
        let isObject: Bool
        var object: [String: any Sendable] = [:]
        var array: [any Sendable] = []
        /// The key of the member being written; the object's own key waits in its parent's.
        var nextKey = ""
    }

    func beginObject() {
        containers.append(OpenContainer(isObject: true))
    }

    func key(_ key: String) {
        guard let last = containers.indices.last else { return }
        containers[last].nextKey = key
    }

    func endObject() -> Bool {
        guard let object = containers.popLast() else { return false }
        insert(object.object)
        return true
    }

    func beginArray() {
        containers.append(OpenContainer(isObject: false))
    }

    func endArray() {
        guard let array = containers.popLast() else { return }
        insert(array.array)
    }

    func null() { insert(NSNull()) }
    func bool(_ value: Bool) { insert(value) }
    func string(_ value: String) { insert(value) }
    func integer(_ value: Int64) { insert(Int(exactly: value) ?? value) }
    func unsignedInteger(_ value: UInt64) { insert(Int(exactly: value) ?? value) }
    func wideInteger(_ value: any BinaryInteger & Sendable) { insert(value) }
    func double(_ value: Double) { insert(value) }
    func float(_ value: Float) { insert(value) }
    func decimal(_ value: Decimal) { insert(value) }

    private func insert(_ value: any Sendable) {
        guard let last = containers.indices.last else {
            root = value
            return
        }
        if containers[last].isObject {
            containers[last].object[containers[last].nextKey] = value
        } else {
            containers[last].array.append(value)
        }
    }
}
