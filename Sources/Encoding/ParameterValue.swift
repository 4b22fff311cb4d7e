import Foundation

/// One parameter value, sorted into the kinds the encoders know how to write.
enum ParameterValue {
    case string(String)
    /// A number already written in its shortest decimal form (`1.0` is `1`).
    case number(String)
    case bool(Bool)
    case date(Date)
    case array([any Sendable])
    case dictionary([String: any Sendable])
    /// `nil` or `NSNull`.
    case null
    case unsupported(typeName: String)

    /// How deep arrays and dictionaries may nest inside one parameter; deeper values fail with
    /// ``RequestBuildError/nestingTooDeep(key:limit:)`` instead of exhausting the stack.
    static let maximumDepth = 100

    /// Checks that a container at `depth` (the parameter itself is depth 0) may hold another level.
    static func checkDepth(_ depth: Int, key: String) throws(RequestBuildError) {
        guard depth < maximumDepth else { throw .nestingTooDeep(key: key, limit: maximumDepth) }
    }

    /// Sorts `value` into its kind. Optionals are unwrapped; `key` names the parameter in errors.
    static func classify(_ value: any Sendable, key: String) throws(RequestBuildError) -> ParameterValue {
        // Exact-type checks first: cheap, and they cannot mistake an NSNumber holding a Bool for an Int.
        let valueType = ObjectIdentifier(type(of: value))
        if valueType == stringType, let string = value as? String { return .string(string) }
        if valueType == intType, let int = value as? Int { return .number(String(int)) }
        if valueType == doubleType, let double = value as? Double { return .number(try format(double, key: key)) }
        if valueType == boolType, let bool = value as? Bool { return .bool(bool) }
        return try classifyOther(value, key: key)
    }

    private static let stringType = ObjectIdentifier(String.self)
    private static let intType = ObjectIdentifier(Int.self)
    private static let doubleType = ObjectIdentifier(Double.self)
    private static let boolType = ObjectIdentifier(Bool.self)

    /// Every kind beyond the four exact types, including optionals and bridged values.
    private static func classifyOther(_ value: any Sendable, key: String) throws(RequestBuildError) -> ParameterValue {
        if let string = value as? String { return .string(string) }
        if type(of: value) is NSNumber.Type, let number = value as? NSNumber { return try classify(number, key: key) }
        if let int = value as? Int { return .number(String(int)) }
        if let bool = value as? Bool { return .bool(bool) }
        if let double = value as? Double { return .number(try format(double, key: key)) }
        if let array = value as? [any Sendable] { return .array(array) }
        if let dictionary = value as? [String: any Sendable] { return .dictionary(dictionary) }
        if let integer = value as? any BinaryInteger { return .number(String(describing: integer)) }
        if let float = value as? Float {
            return .number(try format(Double(float), key: key, description: float.description))
        }
        if let date = value as? Date { return .date(date) }
        if let decimal = value as? Decimal { return try classify(decimal, key: key) }
        if let url = value as? URL { return .string(url.absoluteString) }
        if let uuid = value as? UUID { return .string(uuid.uuidString) }
        if let substring = value as? Substring { return .string(String(substring)) }
        if let raw = value as? any RawRepresentable { return classifyRawValue(raw.rawValue, of: value) }
        if value is NSNull { return .null }
        if let optional = value as? any OptionalParameter, optional.isNone { return .null }
        return .unsupported(typeName: String(describing: type(of: value)))
    }

    private static func classify(_ number: NSNumber, key: String) throws(RequestBuildError) -> ParameterValue {
        // Its objCType is "d", but its doubleValue is not always the nearest double; its decimal is exact.
        if let decimal = number as? NSDecimalNumber { return try classify(decimal.decimalValue, key: key) }
        switch UInt8(bitPattern: number.objCType.pointee) {
        case UInt8(ascii: "c"), UInt8(ascii: "B"): return .bool(number.boolValue)
        case UInt8(ascii: "f"), UInt8(ascii: "d"): return .number(try format(number.doubleValue, key: key))
        case UInt8(ascii: "Q"), UInt8(ascii: "L"), UInt8(ascii: "I"): return .number(String(number.uint64Value))
        default: return .number(String(number.int64Value))
        }
    }

    private static func classify(_ decimal: Decimal, key: String) throws(RequestBuildError) -> ParameterValue {
        guard decimal.isFinite else { throw .nonFiniteNumber(key: key) }
        return .number(decimal.description)
    }

    private static func classifyRawValue(_ rawValue: Any, of value: any Sendable) -> ParameterValue {
        if let string = rawValue as? String { return .string(string) }
        if let integer = rawValue as? any BinaryInteger { return .number(String(describing: integer)) }
        return .unsupported(typeName: String(describing: type(of: value)))
    }

    /// The shortest decimal form that reads back as `value`, without a trailing `.0`.
    static func format(_ value: Double, key: String, description: String? = nil) throws(RequestBuildError) -> String {
        guard value.isFinite else { throw .nonFiniteNumber(key: key) }
        let text = description ?? value.description
        return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
    }
}

/// Lets ``ParameterValue`` spot a `nil` held in an `any Sendable`; the casts above already see
/// through a non-`nil` optional.
protocol OptionalParameter {
    var isNone: Bool { get }
}

extension Optional: OptionalParameter {
    var isNone: Bool { self == nil }
}
