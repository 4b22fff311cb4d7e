/// Any JSON value, read back with `JSONDecoder` so numbers keep their exact value.
indirect enum JSONTree: Decodable {
    case null
    case bool(Bool)
    /// A number, read both as an `Int` (when it is one) and as the nearest `Double`.
    case number(int: Int?, double: Double?)
    case string(String)
    case array([JSONTree])
    case object([String: JSONTree])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let bool = try? container.decode(Bool.self) {
            self = .bool(bool)
        } else if case (let int, let double) = (try? container.decode(Int.self), try? container.decode(Double.self)),
            int != nil || double != nil
        {
            self = .number(int: int, double: double)
        } else if let string = try? container.decode(String.self) {
            self = .string(string)
        } else if let array = try? container.decode([JSONTree].self) {
            self = .array(array)
        } else {
            self = .object(try container.decode([String: JSONTree].self))
        }
    }
}

extension GeneratedValue {
    /// Whether `tree` is what this value should read back as from JSON.
    func matches(_ tree: JSONTree) -> Bool {
        switch (self, tree) {
        case (.null, .null): return true
        case (.bool(let expected), .bool(let actual)): return expected == actual
        case (.int(let expected), .number(let actual, _)): return expected == actual
        case (.double(let expected), .number(_, let actual)): return expected == actual
        case (.string(let expected), .string(let actual)): return expected == actual
        case (.array(let expected), .array(let actual)):
            return expected.count == actual.count && zip(expected, actual).allSatisfy { $0.matches($1) }
        case (.dictionary(let expected), .object(let actual)):
            return GeneratedValue.dictionary(expected, matches: actual)
        default: return false
        }
    }

    static func dictionary(_ expected: [String: GeneratedValue], matches actual: [String: JSONTree]) -> Bool {
        expected.count == actual.count
            && expected.allSatisfy { key, value in actual[key].map(value.matches) ?? false }
    }
}
