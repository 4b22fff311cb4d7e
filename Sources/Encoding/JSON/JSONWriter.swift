/// Writes parameter values as compact JSON with sorted keys, straight to UTF-8 bytes.
///
/// `nil` and `NSNull` become `null`; a `Date` is rejected, because JSON has no date type and the
/// right spelling is the server's choice (encode an `Encodable` body to pick a strategy).
enum JSONWriter {
    static func write(
        _ value: any Sendable,
        key: String = "",
        depth: Int = 0,
        to output: inout JSONBytes
    ) throws(RequestBuildError) {
        switch try ParameterValue.classify(value, key: key) {
        case .string(let string):
            output.appendString(string)
        case .number(let number):
            output.append(number.utf8)
        case .bool(let bool):
            output.append(bool ? trueBytes : falseBytes)
        case .null:
            output.append(nullBytes)
        case .array(let elements):
            try ParameterValue.checkDepth(depth, key: key)
            output.append(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                try write(element, key: "\(key)[\(index)]", depth: depth + 1, to: &output)
            }
            output.append(UInt8(ascii: "]"))
        case .dictionary(let dictionary):
            try ParameterValue.checkDepth(depth, key: key)
            try writeObject(dictionary, keyPrefix: key, depth: depth + 1, to: &output)
        case .date(let date):
            guard EncodableDates.contains(date) else { throw .dateOutOfRange(key: key) }
            throw .unsupportedParameter(key: key, type: "Date")
        case .unsupported(let typeName):
            throw .unsupportedParameter(key: key, type: typeName)
        }
    }

    static func writeObject(
        _ dictionary: [String: any Sendable],
        keyPrefix: String = "",
        depth: Int = 0,
        to output: inout JSONBytes
    ) throws(RequestBuildError) {
        output.append(UInt8(ascii: "{"))
        var first = true
        for (key, value) in dictionary.sorted(by: { $0.key < $1.key }) {
            if !first { output.append(UInt8(ascii: ",")) }
            first = false
            output.appendString(key)
            output.append(UInt8(ascii: ":"))
            try write(value, key: keyPrefix.isEmpty ? key : "\(keyPrefix).\(key)", depth: depth, to: &output)
        }
        output.append(UInt8(ascii: "}"))
    }

    private static let trueBytes: [UInt8] = Array("true".utf8)
    private static let falseBytes: [UInt8] = Array("false".utf8)
    private static let nullBytes: [UInt8] = Array("null".utf8)
}
