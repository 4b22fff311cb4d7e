/// Writes parameter values as compact JSON with sorted keys, straight to UTF-8 bytes.
///
/// `nil` and `NSNull` become `null`; a `Date` is rejected, because JSON has no date type and the
/// right spelling is the server's choice (encode an `Encodable` body to pick a strategy).
enum JSONWriter {
    static func write(
        _ value: any Sendable,
        key: String = "",
        depth: Int = 0,
        to output: inout [UInt8]
    ) throws(RequestBuildError) {
        switch try ParameterValue.classify(value, key: key) {
        case .string(let string):
            appendString(string, to: &output)
        case .number(let number):
            output.append(contentsOf: number.utf8)
        case .bool(let bool):
            output.append(contentsOf: bool ? trueBytes : falseBytes)
        case .null:
            output.append(contentsOf: nullBytes)
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
        case .date:
            throw .unsupportedParameter(key: key, type: "Date")
        case .unsupported(let typeName):
            throw .unsupportedParameter(key: key, type: typeName)
        }
    }

    static func writeObject(
        _ dictionary: [String: any Sendable],
        keyPrefix: String = "",
        depth: Int = 0,
        to output: inout [UInt8]
    ) throws(RequestBuildError) {
        output.append(UInt8(ascii: "{"))
        var first = true
        for (key, value) in dictionary.sorted(by: { $0.key < $1.key }) {
            if !first { output.append(UInt8(ascii: ",")) }
            first = false
            appendString(key, to: &output)
            output.append(UInt8(ascii: ":"))
            try write(value, key: keyPrefix.isEmpty ? key : "\(keyPrefix).\(key)", depth: depth, to: &output)
        }
        output.append(UInt8(ascii: "}"))
    }

    private static let trueBytes: [UInt8] = Array("true".utf8)
    private static let falseBytes: [UInt8] = Array("false".utf8)
    private static let nullBytes: [UInt8] = Array("null".utf8)
    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)
    private static let backslash = UInt8(ascii: "\\")

    /// Appends `string` as a JSON string: quotes, backslashes and control characters escaped,
    /// everything else (including `/` and non-ASCII) as raw UTF-8.
    static func appendString(_ string: String, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        var string = string
        string.withUTF8 { bytes in
            var plainStart = 0
            for (index, byte) in bytes.enumerated() where byte < 0x20 || byte == 0x22 || byte == 0x5C {
                output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[plainStart..<index]))
                plainStart = index + 1
                switch byte {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"): output.append(contentsOf: [backslash, byte])
                case 0x0A: output.append(contentsOf: [backslash, UInt8(ascii: "n")])
                case 0x0D: output.append(contentsOf: [backslash, UInt8(ascii: "r")])
                case 0x09: output.append(contentsOf: [backslash, UInt8(ascii: "t")])
                case 0x00..<0x20:
                    output.append(contentsOf: [backslash, UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0")])
                    output.append(hexDigits[Int(byte >> 4)])
                    output.append(hexDigits[Int(byte & 0x0F)])
                default: break
                }
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[plainStart...]))
        }
        output.append(UInt8(ascii: "\""))
    }
}
