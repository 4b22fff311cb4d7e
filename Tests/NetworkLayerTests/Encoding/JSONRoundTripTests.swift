import Foundation
import Testing

@_spi(Transport) @testable import NetworkLayer

/// Property test: random nested parameters survive JSONParameterEncoder → JSONSerialization unchanged.
@Suite("JSONParameterEncoder round trip")
struct JSONRoundTripTests {
    @Test("random nested values parse back equal", arguments: 0..<300)
    func roundTrip(seed: Int) throws {
        var generator = SplitMix64(seed: UInt64(seed))
        let value = RandomJSON.object(depth: 0, using: &generator)
        let data = try JSONParameterEncoder().data(for: value.parameters)
        let parsed = try JSONSerialization.jsonObject(with: data)
        #expect(value.matches(parsed), "seed \(seed): \(String(decoding: data, as: UTF8.self))")
    }
}

/// A deterministic pseudo-random generator, so a failing seed can be replayed.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed &+ 0x9E37_79B9_7F4A_7C15 }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// A JSON value that knows both its parameter form and how to compare itself with parsed JSON.
indirect enum RandomJSON {
    case string(String)
    case integer(Int)
    case double(Double)
    case bool(Bool)
    case null
    case array([RandomJSON])
    case object([String: RandomJSON])

    private static let characters: [Character] = Array("aZ09 _-/\\\"'\n\t\u{1}é–日👍🏽{}[]:,&=?#%+")

    static func object(depth: Int, using generator: inout SplitMix64) -> [String: RandomJSON] {
        var object: [String: RandomJSON] = [:]
        for _ in 0..<Int.random(in: 0...5, using: &generator) {
            object[string(using: &generator)] = value(depth: depth + 1, using: &generator)
        }
        return object
    }

    static func value(depth: Int, using generator: inout SplitMix64) -> RandomJSON {
        switch Int.random(in: depth < 4 ? 0...7 : 0...4, using: &generator) {
        case 0: return .string(string(using: &generator))
        case 1: return .integer(Int.random(in: Int.min...Int.max, using: &generator))
        case 2:
            let double = Double(bitPattern: generator.next())
            return .double(double.isFinite ? double : Double.random(in: -1e6...1e6, using: &generator))
        case 3: return .bool(Bool.random(using: &generator))
        case 4: return .null
        case 5, 6:
            return .array(
                (0..<Int.random(in: 0...4, using: &generator)).map { _ in value(depth: depth + 1, using: &generator) })
        default: return .object(object(depth: depth, using: &generator))
        }
    }

    private static func string(using generator: inout SplitMix64) -> String {
        String((0..<Int.random(in: 0...8, using: &generator)).map { _ in characters.randomElement(using: &generator)! })
    }

    var parameter: any Sendable {
        switch self {
        case .string(let string): string
        case .integer(let integer): integer
        case .double(let double): double
        case .bool(let bool): bool
        case .null: NSNull()
        case .array(let array): array.map(\.parameter)
        case .object(let object): object.parameters
        }
    }

    func matches(_ parsed: Any) -> Bool {
        switch self {
        case .string(let string): return (parsed as? String) == string
        case .integer(let integer): return (parsed as? NSNumber)?.int64Value == Int64(integer)
        case .double(let double):
            // Linux parses some numbers as NSDecimalNumber, whose doubleValue is lossy; its text is exact.
            guard let number = parsed as? NSNumber else { return false }
            return (Double(number.stringValue) ?? number.doubleValue) == double
        case .bool(let bool): return (parsed as? Bool) == bool
        case .null: return parsed is NSNull
        case .array(let array):
            guard let parsedArray = parsed as? [Any], parsedArray.count == array.count else { return false }
            return zip(array, parsedArray).allSatisfy { $0.matches($1) }
        case .object(let object):
            return object.matches(parsed)
        }
    }
}

extension [String: RandomJSON] {
    var parameters: Parameters { mapValues(\.parameter) }

    func matches(_ parsed: Any) -> Bool {
        guard let dictionary = parsed as? [String: Any], dictionary.count == count else { return false }
        return allSatisfy { key, value in dictionary[key].map(value.matches) ?? false }
    }
}
