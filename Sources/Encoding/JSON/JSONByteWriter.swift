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
    /// The keys that writing escaped, which ``Member/escapedKey`` points into; rarely any.
    private var escapedKeys: [String] = []

    private struct OpenContainer {
        let isObject: Bool
        /// The offset of the opening bracket.
        let start: Int
        /// Where the object's members begin in ``JSONByteWriter/members``.
        let firstMember: Int
        var count = 0
        var hasNonASCIIKey = false
    }

    /// Plain data, so that sorting moves members without reference counting.
    private struct Member {
        /// The key's place in ``JSONByteWriter/escapedKeys`` when writing it escaped something;
        /// otherwise ``keyBytes`` are the key.
        let escapedKey: Int?
        /// The key's bytes as written, between its quotes.
        let keyBytes: Range<Int>
        /// Where the member starts (its key) and ends (before the next comma or the closing brace).
        var range: Range<Int>
    }

    init(capacity: Int, escapesSlashes: Bool) {
        bytes = JSONBytes(capacity: capacity)
        self.escapesSlashes = escapesSlashes
        containers.reserveCapacity(8)
        members.reserveCapacity(32)
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
        var escapedKey: Int?
        if written.escapedSomething {
            escapedKey = escapedKeys.count
            escapedKeys.append(key)
        }
        members.append(Member(escapedKey: escapedKey, keyBytes: start + 1..<bytes.count - 1, range: start..<start))
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
        let objectMembers = object.firstMember..<members.count
        guard objectMembers.count > 1 else { return true }
        let inOrder = areStrictlyAscending(objectMembers)
        if !inOrder {
            sortByKey(objectMembers)
            guard areStrictlyAscending(objectMembers) else { return false }
        }
        // Swift strings that are canonically equivalent ("é" and "e\u{301}", "K" and the Kelvin
        // sign) are one key to Foundation. Keys are read from the bytes, so before they move.
        if object.hasNonASCIIKey, Set(members[objectMembers].lazy.map(key)).count < objectMembers.count {
            return false
        }
        if !inOrder {
            bytes.rearrange(
                object.start + 1..<bytes.count - 1,
                into: members[objectMembers].lazy.map(\.range),
                separator: UInt8(ascii: ",")
            )
        }
        return true
    }

    /// Sorts the members in `range` by key, in place: by insertion, as objects are mostly small and
    /// often nearly in order; a large one goes through the standard library's sort.
    private mutating func sortByKey(_ range: Range<Int>) {
        let (bytes, escapedKeys) = (self.bytes, self.escapedKeys)
        guard range.count <= 32 else {
            members[range].sort { Self.precedes($0, $1, in: bytes, escapedKeys: escapedKeys) }
            return
        }
        for next in range.dropFirst() {
            let member = members[next]
            var slot = next
            while slot > range.lowerBound,
                Self.precedes(member, members[slot - 1], in: bytes, escapedKeys: escapedKeys)
            {
                members[slot] = members[slot - 1]
                slot -= 1
            }
            members[slot] = member
        }
    }

    private func areStrictlyAscending(_ range: Range<Int>) -> Bool {
        range.dropLast().allSatisfy {
            Self.precedes(members[$0], members[$0 + 1], in: bytes, escapedKeys: escapedKeys)
        }
    }

    private func key(of member: Member) -> String {
        member.escapedKey.map { escapedKeys[$0] } ?? String(decoding: bytes.storage[member.keyBytes], as: UTF8.self)
    }

    /// Foundation's `.sortedKeys` order: the keys' UTF-8 bytes, compared lexicographically; the
    /// bytes already written are compared where they are the key's own.
    private static func precedes(
        _ left: Member,
        _ right: Member,
        in bytes: JSONBytes,
        escapedKeys: [String]
    ) -> Bool {
        switch (left.escapedKey, right.escapedKey) {
        case (nil, nil): bytes.precedes(left.keyBytes, right.keyBytes)
        case (let leftKey?, let rightKey?):
            escapedKeys[leftKey].utf8.lexicographicallyPrecedes(escapedKeys[rightKey].utf8)
        case (let leftKey?, nil): escapedKeys[leftKey].utf8.lexicographicallyPrecedes(bytes.storage[right.keyBytes])
        case (nil, let rightKey?): bytes.storage[left.keyBytes].lexicographicallyPrecedes(escapedKeys[rightKey].utf8)
        }
    }

    private static let trueBytes: [UInt8] = Array("true".utf8)
    private static let falseBytes: [UInt8] = Array("false".utf8)
    private static let nullBytes: [UInt8] = Array("null".utf8)
}
