import Foundation
import Testing

/// Values whose JSON the library's encoder must write byte for byte as Foundation's `JSONEncoder` does.
struct JSONParitySample: Sendable, CustomTestStringConvertible {
    let name: String
    let value: any Encodable & Sendable

    var testDescription: String { name }

    static let all: [JSONParitySample] = scalars + strings + containers + foundationTypes

    static let scalars: [JSONParitySample] = [
        .init(name: "Int.min, Int.max, 0", value: [Int.min, Int.max, 0]),
        .init(name: "every integer width", value: Widths()),
        .init(name: "Int128 and UInt128 extremes", value: Wide()),
        .init(name: "doubles: shortest round trip", value: [0.1, 0.1 + 0.2, 1.0 / 3, 8.5, 1, 100, 123_456_789.125]),
        .init(
            name: "doubles: -0, subnormals, extremes",
            value: [-0.0, .leastNonzeroMagnitude, .leastNormalMagnitude, .greatestFiniteMagnitude]),
        .init(name: "doubles: exponents", value: [1e15, 1e16, 1e17, 1e20, 1e21, 1e22, 1e-5, 1e-7, 1.5e300, -2.5e-10]),
        .init(
            name: "floats",
            value: [Float(0.1), 1, -0.0, .leastNonzeroMagnitude, .greatestFiniteMagnitude, 16_777_216, 1e20]),
        .init(name: "booleans", value: [true, false]),
        .init(name: "top-level string", value: "plain"),
        .init(name: "top-level number", value: 42.5),
        .init(name: "top-level null", value: Int?.none),
    ]

    static let strings: [JSONParitySample] = [
        .init(name: "control characters", value: String((0..<0x20).map { Character(Unicode.Scalar($0)) })),
        .init(name: "quotes, backslash, slash, DEL", value: #"a"b\c/d"# + "\u{7F}"),
        .init(name: "non-BMP and combining characters", value: "😀 e\u{301} 日本 \u{2028}\u{FEFF}"),
        .init(name: "empty string", value: ""),
    ]

    static let containers: [JSONParitySample] = [
        .init(name: "struct with optionals", value: Movie()),
        .init(name: "nested structs and arrays", value: [Movie(), Movie(title: "B", rating: nil)]),
        .init(
            name: "dictionary keys: bytes order",
            value: ["b": 1, "a": 2, "B": 3, "_": 4, "aa": 5, "ä": 6, "10": 7, "9": 8]),
        .init(
            name: "dictionary keys: non-BMP and escapes",
            value: ["\u{1F600}": 1, "\u{FFFF}": 2, "\u{E000}": 3, "a\u{0}": 4, "a": 5]),
        .init(name: "Int-keyed dictionary", value: [10: "a", 9: "b", -1: "c", 100: "d"]),
        .init(
            name: "dictionary larger than the insertion sort takes",
            value: Dictionary(uniqueKeysWithValues: (0..<200).map { ("key \($0 * 7919 % 200)", $0) })),
        .init(name: "empty containers", value: Empties()),
        .init(name: "nil members and null elements", value: Nulls()),
        .init(name: "super encoders", value: Supers()),
        .init(name: "nested containers", value: Nested()),
        .init(name: "class hierarchy sharing one container", value: EmployeeRecord()),
        .init(name: "deep nesting", value: Deep.make(depth: 60)),
    ]

    static let foundationTypes: [JSONParitySample] = [
        .init(
            name: "dates",
            value: [
                Date(timeIntervalSinceReferenceDate: 0), Date(timeIntervalSince1970: -0.5),
                Date(timeIntervalSince1970: 2.5e11),
            ]),
        .init(
            name: "the first and last dates written (years 0000 and 9999)",
            value: [Date(timeIntervalSince1970: -62_167_219_200), Date(timeIntervalSince1970: 253_402_300_799.999)]),
        .init(name: "data", value: [Data(), Data([0, 1, 2, 255]), Data("hello".utf8)]),
        .init(
            name: "URLs",
            value: [
                URL(string: "https://a.example/b?c=d#e"),
                URL(string: "c d", relativeTo: URL(string: "https://a.example/x/")),
            ]),
        .init(
            name: "decimals",
            value: [Decimal(string: "12.340"), Decimal(string: "-0.001"), Decimal(string: "1e50"), Decimal(0)]),
        .init(name: "UUID", value: UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")),
    ]
}
