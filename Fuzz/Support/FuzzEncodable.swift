import Foundation

@testable import NetworkLayer

/// A random `Encodable` tree, written through every part of the `Encoder` protocol.
indirect enum FuzzEncodable: Encodable {
    case int8(Int8)
    case int16(Int16)
    case int32(Int32)
    case int64(Int64)
    case int(Int)
    case int128(Int128)
    case uint8(UInt8)
    case uint16(UInt16)
    case uint32(UInt32)
    case uint64(UInt64)
    case uint(UInt)
    case uint128(UInt128)
    case float(Float)
    case double(Double)
    case decimal(Decimal)
    case bool(Bool)
    case string(String)
    case null
    case date(Date)
    case data(Data)
    case url(URL)
    /// Elements; `style` picks primitive overloads, generic calls or nested containers.
    case array([FuzzEncodable], style: UInt8)
    /// Members with any keys, repeats included.
    case object([(key: String, value: FuzzEncodable)], style: UInt8)
    case stringDictionary([String: FuzzEncodable])
    case intDictionary([Int: FuzzEncodable])
    /// A value written through a keyed container's `superEncoder()`, beside other members.
    case superEncoded(FuzzEncodable, sibling: String)
    case optional(FuzzEncodable?)
    case nothing

    static func generate(from input: inout FuzzInput, depth: Int) -> FuzzEncodable {
        let kind = input.byte() % (depth < 6 ? 28 : 21)
        switch kind {
        case 0: return .int8(Int8(truncatingIfNeeded: input.int()))
        case 1: return .int16(Int16(truncatingIfNeeded: input.int()))
        case 2: return .int32(Int32(truncatingIfNeeded: input.int()))
        case 3: return .int64(Int64(bitPattern: input.uint64()))
        case 4: return .int(input.int())
        case 5: return .int128(Int128(Int64(bitPattern: input.uint64())) << Int(input.byte() % 64))
        case 6: return .uint8(input.byte())
        case 7: return .uint16(UInt16(truncatingIfNeeded: input.uint64()))
        case 8: return .uint32(UInt32(truncatingIfNeeded: input.uint64()))
        case 9: return .uint64(input.uint64())
        case 10: return .uint128(UInt128(input.uint64()) << Int(input.byte() % 65))
        case 11:
            return .float(
                input.bool() ? Float(bitPattern: UInt32(truncatingIfNeeded: input.uint64())) : Float(input.double()))
        case 12: return .double(input.double())
        case 13: return .decimal(decimal(from: &input))
        case 14: return .bool(input.bool())
        case 15, 16: return .string(input.string())
        case 17: return .null
        case 18: return .date(Date(timeIntervalSinceReferenceDate: input.double()))
        case 19: return .data(Data(input.string(maxLength: 12).utf8))
        case 20: return URL(string: input.string()).map(FuzzEncodable.url) ?? .nothing
        case 21, 22: return .array(children(from: &input, depth: depth), style: input.byte())
        case 23, 24:
            let values = children(from: &input, depth: depth)
            return .object(values.map { (input.string(maxLength: 6), $0) }, style: input.byte())
        case 25:
            let values = children(from: &input, depth: depth)
            return .stringDictionary(Dictionary(values.map { (input.string(maxLength: 6), $0) }) { $1 })
        case 26:
            let values = children(from: &input, depth: depth)
            return .intDictionary(Dictionary(values.map { (input.int(), $0) }) { $1 })
        default:
            switch input.byte() % 3 {
            case 0: return .superEncoded(generate(from: &input, depth: depth + 1), sibling: input.string(maxLength: 6))
            case 1: return .optional(input.bool() ? nil : generate(from: &input, depth: depth + 1))
            default: return .nothing
            }
        }
    }

    private static func children(from input: inout FuzzInput, depth: Int) -> [FuzzEncodable] {
        (0..<Int(input.byte() % 6)).map { _ in generate(from: &input, depth: depth + 1) }
    }

    private static func decimal(from input: inout FuzzInput) -> Decimal {
        if input.byte() == 0 { return .nan }
        let sign: FloatingPointSign = input.bool() ? .minus : .plus
        let exponent = Int(Int8(bitPattern: input.byte())) / 3
        return Decimal(sign: sign, exponent: exponent, significand: Decimal(input.uint64()))
    }

    /// Whether only Foundation's encoder can write this value: equal keys in one object, a
    /// non-finite number it must reject, or a top-level value that encodes nothing.
    func needsFoundation(_ options: JSONEncodingOptions, isTopLevel: Bool = false) -> Bool {
        let rejectsNonFinite = options.nonFiniteStrings == nil
        func nested(_ value: FuzzEncodable) -> Bool { value.needsFoundation(options) }
        switch self {
        case .float(let value): return rejectsNonFinite && !value.isFinite
        case .double(let value): return rejectsNonFinite && !value.isFinite
        case .date(let date): return rejectsNonFinite && !(Self.number(for: date, options.dates)?.isFinite ?? true)
        case .array(let elements, _): return elements.contains(where: nested)
        case .object(let members, _):
            return Set(members.map(\.key)).count < members.count || members.contains(where: { nested($0.value) })
        case .stringDictionary(let members): return members.values.contains(where: nested)
        case .intDictionary(let members): return members.values.contains(where: nested)
        case .superEncoded(let value, let sibling): return sibling == "super" || nested(value)
        case .optional(let value): return value.map { nested($0) } ?? false
        case .nothing: return isTopLevel
        default: return false
        }
    }

    /// Whether a date in the value is one no encoder of the library writes (NaN, infinite, a year outside
    /// 0000–9999).
    var containsDateOutOfRange: Bool {
        switch self {
        case .date(let date): !EncodableDates.contains(date)
        case .array(let elements, _): elements.contains { $0.containsDateOutOfRange }
        case .object(let members, _): members.contains { $0.value.containsDateOutOfRange }
        case .stringDictionary(let members): members.values.contains { $0.containsDateOutOfRange }
        case .intDictionary(let members): members.values.contains { $0.containsDateOutOfRange }
        case .superEncoded(let value, _): value.containsDateOutOfRange
        case .optional(let value): value?.containsDateOutOfRange ?? false
        default: false
        }
    }

    /// The number a date strategy writes for `date`, or `nil` when it writes text.
    private static func number(for date: Date, _ strategy: JSONEncodingOptions.DateStrategy) -> Double? {
        switch strategy {
        case .deferredToDate: date.timeIntervalSinceReferenceDate
        case .secondsSince1970: date.timeIntervalSince1970
        case .millisecondsSince1970: 1000 * date.timeIntervalSince1970
        case .iso8601: nil
        }
    }

    func encode(to encoder: any Encoder) throws {
        switch self {
        case .array(let elements, let style):
            var container = encoder.unkeyedContainer()
            for (index, element) in elements.enumerated() {
                try element.encodeElement(into: &container, style: style >> (index % 8))
            }
        case .object(let members, let style):
            var container = encoder.container(keyedBy: FuzzKey.self)
            try Self.encode(members, into: &container, style: style)
        case .stringDictionary(let members): try members.encode(to: encoder)
        case .intDictionary(let members): try members.encode(to: encoder)
        case .superEncoded(let value, let sibling):
            var container = encoder.container(keyedBy: FuzzKey.self)
            try container.encode(sibling, forKey: FuzzKey(sibling))
            try value.encode(to: container.superEncoder())
        case .optional(let value): try value.encode(to: encoder)
        case .nothing: break
        default:
            var container = encoder.singleValueContainer()
            try encodeScalar(into: &container)
        }
    }

    private func encodeScalar(into container: inout some SingleValueEncodingContainer) throws {
        switch self {
        case .int8(let value): try container.encode(value)
        case .int16(let value): try container.encode(value)
        case .int32(let value): try container.encode(value)
        case .int64(let value): try container.encode(value)
        case .int(let value): try container.encode(value)
        case .int128(let value): try container.encode(value)
        case .uint8(let value): try container.encode(value)
        case .uint16(let value): try container.encode(value)
        case .uint32(let value): try container.encode(value)
        case .uint64(let value): try container.encode(value)
        case .uint(let value): try container.encode(value)
        case .uint128(let value): try container.encode(value)
        case .float(let value): try container.encode(value)
        case .double(let value): try container.encode(value)
        case .decimal(let value): try container.encode(value)
        case .bool(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .date(let value): try container.encode(value)
        case .data(let value): try container.encode(value)
        case .url(let value): try container.encode(value)
        default: try container.encodeNil()
        }
    }

    /// Writes an element: a primitive overload, a generic call, or (for containers) a nested container.
    private func encodeElement(into container: inout some UnkeyedEncodingContainer, style: UInt8) throws {
        switch (self, style & 1) {
        case (.int(let value), 0): try container.encode(value)
        case (.uint8(let value), 0): try container.encode(value)
        case (.int128(let value), 0): try container.encode(value)
        case (.double(let value), 0): try container.encode(value)
        case (.float(let value), 0): try container.encode(value)
        case (.string(let value), 0): try container.encode(value)
        case (.bool(let value), 0): try container.encode(value)
        case (.null, 0): try container.encodeNil()
        case (.array, 0): try encode(to: ElementEncoder(container: container))
        case (.object, 0): try encode(to: ElementEncoder(container: container))
        default: try container.encode(self)
        }
    }

    /// Writes members; a repeated key always goes through a generic call, because Foundation's
    /// encoder traps when a nested container is asked for under a key that already has a value.
    private static func encode(
        _ members: [(key: String, value: FuzzEncodable)],
        into container: inout KeyedEncodingContainer<FuzzKey>,
        style: UInt8
    ) throws {
        var seen = Set<String>()
        let repeated = Set(members.map(\.key).filter { !seen.insert($0).inserted })
        for (index, member) in members.enumerated() {
            let memberStyle = repeated.contains(member.key) ? 1 : style >> (index % 8)
            try member.value.encodeMember(FuzzKey(member.key), into: &container, style: memberStyle)
        }
    }

    /// Writes a member: a primitive overload, a generic call, or (for containers) a nested container.
    private func encodeMember(
        _ key: FuzzKey,
        into container: inout KeyedEncodingContainer<FuzzKey>,
        style: UInt8
    ) throws {
        switch (self, style & 1) {
        case (.int(let value), 0): try container.encode(value, forKey: key)
        case (.int16(let value), 0): try container.encode(value, forKey: key)
        case (.uint128(let value), 0): try container.encode(value, forKey: key)
        case (.double(let value), 0): try container.encode(value, forKey: key)
        case (.string(let value), 0): try container.encode(value, forKey: key)
        case (.bool(let value), 0): try container.encode(value, forKey: key)
        case (.null, 0): try container.encodeNil(forKey: key)
        case (.optional(let value), 0): try container.encodeIfPresent(value, forKey: key)
        case (.array(let elements, let style), 0):
            var nested = container.nestedUnkeyedContainer(forKey: key)
            for (index, element) in elements.enumerated() {
                try element.encodeElement(into: &nested, style: style >> (index % 8))
            }
        case (.object(let members, let style), 0):
            var nested = container.nestedContainer(keyedBy: FuzzKey.self, forKey: key)
            try Self.encode(members, into: &nested, style: style)
        default: try container.encode(self, forKey: key)
        }
    }
}

/// Hands an unkeyed container's nested containers to ``FuzzEncodable/encode(to:)``.
private struct ElementEncoder<Container: UnkeyedEncodingContainer>: Encoder {
    var container: Container

    var codingPath: [any CodingKey] { container.codingPath }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        var container = container
        return container.nestedContainer(keyedBy: type)
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        var container = container
        return container.nestedUnkeyedContainer()
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        var container = container
        return container.superEncoder().singleValueContainer()
    }
}

/// A coding key made from any string.
struct FuzzKey: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }

    init(_ stringValue: String) { self.stringValue = stringValue }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}
