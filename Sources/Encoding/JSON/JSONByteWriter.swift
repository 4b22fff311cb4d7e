import Foundation

/// Writes JSON events as compact JSON bytes, each object's members in Foundation's `.sortedKeys`
/// order: by the keys' UTF-8 bytes. ``JSONByteSink`` hands it the events.
///
/// Members are written in the order they arrive; when an object ends and its keys were not already
/// in order, its members are moved into place, so no tree of values is ever built.
struct JSONByteWriter {
    private(set) var bytes: JSONBytes
    private let escapesSlashes: Bool
    private var containers: [OpenContainer] = []
    /// The members of every open object, innermost object last.
    private var members: [Member] = []
    /// Room to move an object's members around in, kept from one object to the next.
    private var scratch: [UInt8] = []

    private struct OpenContainer {
        let isObject: Bool
        /// The offset of the opening bracket.
        let start: Int
        /// Where the object's members begin in ``JSONByteWriter/members``.
        let firstMember: Int
        var count = 0
        var hasNonASCIIKey = false
    }

    private struct Member {
        let key: String
        /// The key as written, between its quotes, when writing it escaped nothing.
        let verbatimKey: Range<Int>?
        /// Where the member starts (its key) and ends (before the next comma or the closing brace).
        var range: Range<Int>
    }

    init(capacity: Int, escapesSlashes: Bool) {
        bytes = JSONBytes(capacity: capacity)
        self.escapesSlashes = escapesSlashes
    }

    mutating func beginObject() {
        beginValue()
        containers.append(OpenContainer(isObject: true, start: bytes.count, firstMember: members.count))
        bytes.append(UInt8(ascii: "{"))
    }

    mutating func key(_ key: String) {
        guard let last = containers.indices.last else { return }
        if containers[last].count > 0 {
            members[members.count - 1].range = members[members.count - 1].range.lowerBound..<bytes.count
            bytes.append(UInt8(ascii: ","))
        }
        containers[last].count += 1
        let start = bytes.count
        let written = bytes.appendString(key, escapingSlashes: escapesSlashes)
        if written.hasNonASCII { containers[last].hasNonASCIIKey = true }
        let verbatimKey = written.escapedSomething ? nil : start + 1..<bytes.count - 1
        members.append(Member(key: key, verbatimKey: verbatimKey, range: start..<start))
        bytes.append(UInt8(ascii: ":"))
    }

    mutating func endObject() -> Bool {
        guard let object = containers.popLast() else { return false }
        if object.count > 0 {
            members[members.count - 1].range = members[members.count - 1].range.lowerBound..<bytes.count
        }
        bytes.append(UInt8(ascii: "}"))
        defer { members.removeSubrange(object.firstMember...) }
        return sortMembers(of: object)
    }

    mutating func beginArray() {
        beginValue()
        containers.append(OpenContainer(isObject: false, start: bytes.count, firstMember: members.count))
        bytes.append(UInt8(ascii: "["))
    }

    mutating func endArray() {
        containers.removeLast()
        bytes.append(UInt8(ascii: "]"))
    }

    mutating func null() {
        beginValue()
        bytes.append(Self.nullBytes)
    }

    mutating func bool(_ value: Bool) {
        beginValue()
        bytes.append(value ? Self.trueBytes : Self.falseBytes)
    }

    mutating func string(_ value: String) {
        beginValue()
        bytes.appendString(value, escapingSlashes: escapesSlashes)
    }

    mutating func integer(_ value: Int64) {
        beginValue()
        bytes.appendInteger(value)
    }

    mutating func unsignedInteger(_ value: UInt64) {
        beginValue()
        bytes.appendInteger(value)
    }

    mutating func wideInteger(_ value: any BinaryInteger & Sendable) {
        beginValue()
        bytes.append(String(describing: value).utf8)
    }

    /// Foundation writes a float's `description` without a trailing `.0`: `1`, `0.1`, `1e-07`, `-0`.
    mutating func float(description text: String) {
        beginValue()
        bytes.append(text.hasSuffix(".0") ? text.utf8.dropLast(2) : text.utf8[...])
    }

    mutating func decimal(_ value: Decimal) {
        beginValue()
        bytes.append(value.description.utf8)
    }

    /// Separates array elements; an object member's separator comes with its key.
    private mutating func beginValue() {
        guard let last = containers.indices.last, !containers[last].isObject else { return }
        if containers[last].count > 0 { bytes.append(UInt8(ascii: ",")) }
        containers[last].count += 1
    }

    /// Puts the members of the object that just ended in key order; `false` if two keys are equal.
    private mutating func sortMembers(of object: OpenContainer) -> Bool {
        let first = object.firstMember
        guard members.count - first > 1 else { return true }
        if !members[first...].indices.dropLast().allSatisfy({ precedes(members[$0], members[$0 + 1]) }) {
            let bytes = self.bytes
            members[first...].sort { Self.precedes($0, $1, in: bytes) }
            guard members[first...].indices.dropLast().allSatisfy({ precedes(members[$0], members[$0 + 1]) })
            else { return false }
            self.bytes.rearrange(
                object.start + 1..<self.bytes.count - 1,
                into: members[first...].lazy.map(\.range),
                separator: UInt8(ascii: ","),
                scratch: &scratch
            )
        }
        // Swift strings that are canonically equivalent ("é" and "e\u{301}") are one key to Foundation.
        return !object.hasNonASCIIKey || Set(members[first...].lazy.map(\.key)).count == members.count - first
    }

    private func precedes(_ left: Member, _ right: Member) -> Bool {
        Self.precedes(left, right, in: bytes)
    }

    /// Foundation's `.sortedKeys` order: the keys' UTF-8 bytes, compared lexicographically; the
    /// bytes already written are compared where they are the key's own.
    private static func precedes(_ left: Member, _ right: Member, in bytes: JSONBytes) -> Bool {
        if let leftKey = left.verbatimKey, let rightKey = right.verbatimKey {
            return bytes.precedes(leftKey, rightKey)
        }
        return left.key.utf8.lexicographicallyPrecedes(right.key.utf8)
    }

    private static let trueBytes: [UInt8] = Array("true".utf8)
    private static let falseBytes: [UInt8] = Array("false".utf8)
    private static let nullBytes: [UInt8] = Array("null".utf8)
}
