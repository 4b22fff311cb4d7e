import Foundation
import Testing

/// Values that use the `Encoder` protocol in ways only a tree of values can follow.
struct FallbackSample: Sendable, CustomTestStringConvertible {
    let testDescription: String
    let value: any Encodable & Sendable

    static let all: [FallbackSample] = [
        .init(testDescription: "a repeated key (the last value wins)", value: RepeatedKey()),
        .init(testDescription: "canonically equal keys", value: EquivalentKeys()),
        .init(testDescription: "a nested container written after its parent moved on", value: LateNested()),
        .init(testDescription: "a super encoder written after its parent moved on", value: LateSuper()),
        .init(testDescription: "a value that throws", value: Throwing()),
        .init(testDescription: "a top-level value that encodes nothing", value: NothingEncoded()),
    ]
}

struct RepeatedKey: Encodable, Sendable {
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: AnyKey.self)
        try container.encode(1, forKey: AnyKey("a"))
        try container.encode(2, forKey: AnyKey("a"))
    }
}

struct EquivalentKeys: Encodable, Sendable {
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: AnyKey.self)
        try container.encode(1, forKey: AnyKey("e\u{301}"))
        try container.encode(2, forKey: AnyKey("x"))
        try container.encode(3, forKey: AnyKey("\u{E9}"))
    }
}

struct LateNested: Encodable, Sendable {
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: AnyKey.self)
        var inner = container.nestedContainer(keyedBy: AnyKey.self, forKey: AnyKey("inner"))
        try container.encode(1, forKey: AnyKey("a"))
        try inner.encode(2, forKey: AnyKey("b"))
    }
}

struct LateSuper: Encodable, Sendable {
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: AnyKey.self)
        let parent = container.superEncoder()
        try container.encode(1, forKey: AnyKey("a"))
        var single = parent.singleValueContainer()
        try single.encode("late")
    }
}

struct Throwing: Encodable, Sendable {
    func encode(to encoder: any Encoder) throws {
        throw EncodingError.invalidValue(0, .init(codingPath: [], debugDescription: "nope"))
    }
}
