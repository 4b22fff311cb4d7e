import Foundation

/// Encodable shapes for ``JSONParitySample``: each exercises a part of the `Encoder` protocol.
struct Widths: Encodable, Sendable {
    var int8 = Int8.min, int16 = Int16.min, int32 = Int32.min, int64 = Int64.min
    var uint = UInt.max, uint8 = UInt8.max, uint16 = UInt16.max, uint32 = UInt32.max, uint64 = UInt64.max
}

struct Wide: Encodable, Sendable {
    func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        try container.encode(Int128.min)
        try container.encode(UInt128.max)
        var keyed = container.nestedContainer(keyedBy: AnyKey.self)
        try keyed.encode(Int128.max, forKey: AnyKey("max"))
    }
}

struct Movie: Encodable, Sendable {
    var title = "A \"quoted\" title / with slash"
    var year = 1977
    var rating: Double? = 8.6
    var genres = ["sci-fi", "adventure"]
    var released = true
}

struct Empties: Encodable, Sendable {
    var list: [Int] = []
    var map: [String: Int] = [:]
    var nothing = NothingEncoded()
}

struct NothingEncoded: Encodable, Sendable {
    func encode(to encoder: any Encoder) throws {}
}

struct Nulls: Encodable, Sendable {
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: AnyKey.self)
        try container.encodeNil(forKey: AnyKey("z"))
        var list = container.nestedUnkeyedContainer(forKey: AnyKey("list"))
        try list.encodeNil()
        try list.encode(Int?.none)
        _ = list.superEncoder()
    }
}

struct Supers: Encodable, Sendable {
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: AnyKey.self)
        _ = container.superEncoder()
        try container.encode(1, forKey: AnyKey("z"))
        var single = container.superEncoder(forKey: AnyKey("q")).singleValueContainer()
        try single.encode("v")
        var list = container.superEncoder(forKey: AnyKey("list")).unkeyedContainer()
        try list.encode(true)
    }
}

struct Nested: Encodable, Sendable {
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: AnyKey.self)
        var inner = container.nestedContainer(keyedBy: AnyKey.self, forKey: AnyKey("y"))
        try inner.encode("b", forKey: AnyKey("b"))
        try inner.encode("a", forKey: AnyKey("a"))
        var list = inner.nestedUnkeyedContainer(forKey: AnyKey("c"))
        try list.encode(1)
        var element = list.nestedContainer(keyedBy: AnyKey.self)
        try element.encode(2, forKey: AnyKey("two"))
        var pair = list.nestedUnkeyedContainer()
        try pair.encode(3)
        try container.encode("x", forKey: AnyKey("x"))
    }
}

/// A subclass and its superclass both writing into one keyed container, as class hierarchies do.
struct EmployeeRecord: Encodable, Sendable {
    func encode(to encoder: any Encoder) throws {
        try Employee().encode(to: encoder)
    }
}

class Person: Encodable {
    let name = "Ada"

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: AnyKey.self)
        try container.encode(name, forKey: AnyKey("name"))
    }
}

final class Employee: Person {
    let role = "engineer"

    override func encode(to encoder: any Encoder) throws {
        try super.encode(to: encoder)
        var container = encoder.container(keyedBy: AnyKey.self)
        try container.encode(role, forKey: AnyKey("role"))
    }
}

indirect enum Deep: Encodable, Sendable {
    case leaf
    case node([Deep])

    static func make(depth: Int) -> Deep {
        (0..<depth).reduce(Deep.leaf) { inner, _ in .node([inner]) }
    }

    func encode(to encoder: any Encoder) throws {
        switch self {
        case .leaf:
            var container = encoder.singleValueContainer()
            try container.encode("leaf")
        case .node(let children):
            var container = encoder.container(keyedBy: AnyKey.self)
            try container.encode(children, forKey: AnyKey("children"))
        }
    }
}

/// A coding key made from any string.
struct AnyKey: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }

    init(_ stringValue: String) { self.stringValue = stringValue }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}
