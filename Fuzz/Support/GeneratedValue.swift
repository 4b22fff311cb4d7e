import Foundation

@testable import NetworkLayer

/// A parameter value built from fuzz bytes, kept as a tree so a harness knows what the encoders were given.
indirect enum GeneratedValue {
    case string(String)
    case int(Int)
    case double(Double)
    case bool(Bool)
    case array([GeneratedValue])
    case dictionary([String: GeneratedValue])
    /// `nil` (an empty `Optional`) or `NSNull`, as `usesNSNull` says.
    case null(usesNSNull: Bool)

    /// The value as the library receives it.
    var sendable: any Sendable {
        switch self {
        case .string(let string): return string
        case .int(let int): return int
        case .double(let double): return double
        case .bool(let bool): return bool
        case .array(let elements): return elements.map(\.sendable) as [any Sendable]
        case .dictionary(let dictionary): return GeneratedValue.parameters(dictionary)
        case .null(let usesNSNull):
            if usesNSNull { return NSNull() }
            let none: String? = nil
            return none
        }
    }

    /// Whether a NaN or an infinity sits anywhere in the tree (every encoder must then throw).
    var containsNonFinite: Bool {
        switch self {
        case .double(let double): !double.isFinite
        case .array(let elements): elements.contains { $0.containsNonFinite }
        case .dictionary(let dictionary): dictionary.values.contains { $0.containsNonFinite }
        default: false
        }
    }

    static func parameters(_ dictionary: [String: GeneratedValue]) -> Parameters {
        dictionary.mapValues(\.sendable)
    }
}

extension FuzzInput {
    /// A parameter dictionary of at most `budget` values, nested up to four levels.
    mutating func parameters(budget: Int = 48) -> [String: GeneratedValue] {
        var remaining = budget
        return dictionary(depth: 0, remaining: &remaining)
    }

    private mutating func dictionary(depth: Int, remaining: inout Int) -> [String: GeneratedValue] {
        var result: [String: GeneratedValue] = [:]
        let count = Int(byte() % 6)
        for _ in 0..<count where remaining > 0 && !isAtEnd {
            let key = string(maxLength: 12)
            result[key] = value(depth: depth, remaining: &remaining)
        }
        return result
    }

    private mutating func value(depth: Int, remaining: inout Int) -> GeneratedValue {
        remaining -= 1
        let kinds: UInt8 = depth < 4 && remaining > 0 ? 8 : 6
        switch byte() % kinds {
        case 0: return .string(string())
        case 1: return .int(int())
        case 2: return .double(double())
        case 3: return .bool(bool())
        case 4: return .null(usesNSNull: bool())
        case 5: return .string(string(maxLength: 4))
        case 6:
            var elements: [GeneratedValue] = []
            let count = Int(byte() % 5)
            for _ in 0..<count where remaining > 0 && !isAtEnd {
                elements.append(value(depth: depth + 1, remaining: &remaining))
            }
            return .array(elements)
        default:
            return .dictionary(dictionary(depth: depth + 1, remaining: &remaining))
        }
    }
}
