/// Writes parameters as `application/x-www-form-urlencoded` text, the format of query strings and form bodies.
///
/// Keys are sorted at every level, so the same parameters always give the same bytes.
struct QueryStringWriter {
    let arrayEncoding: URLParameterEncoder.ArrayEncoding
    let boolEncoding: URLParameterEncoder.BoolEncoding
    let dateEncoding: DateEncoding

    /// The encoded pairs joined by `&`, or an empty array when nothing is left to encode.
    func write(_ parameters: Parameters) throws(RequestBuildError) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(parameters.count * 24)
        for (key, value) in parameters.sorted(by: { $0.key < $1.key }) {
            var escapedKey: [UInt8] = []
            PercentEscaping.append(key, to: &escapedKey, allowed: PercentEscaping.queryAllowed)
            try append(value, escapedKey: escapedKey, key: key, to: &output)
        }
        return output
    }

    private func append(
        _ value: any Sendable,
        escapedKey: [UInt8],
        key: String,
        depth: Int = 0,
        to output: inout [UInt8]
    ) throws(RequestBuildError) {
        switch try ParameterValue.classify(value, key: key) {
        case .string(let string):
            appendPair(escapedKey, string, to: &output)
        case .number(let number):
            appendPair(escapedKey, number, to: &output)
        case .bool(let bool):
            appendPair(escapedKey, boolEncoding.text(for: bool), to: &output)
        case .date(let date):
            appendPair(escapedKey, try dateEncoding.string(from: date, key: key), to: &output)
        case .array(let elements):
            try ParameterValue.checkDepth(depth, key: key)
            for (index, element) in elements.enumerated() {
                let elementKey = arrayEncoding.key(escapedKey, index: index)
                try append(element, escapedKey: elementKey, key: key, depth: depth + 1, to: &output)
            }
        case .dictionary(let dictionary):
            try ParameterValue.checkDepth(depth, key: key)
            for (nestedKey, nestedValue) in dictionary.sorted(by: { $0.key < $1.key }) {
                var nested = escapedKey
                nested.append(contentsOf: PercentEscaping.openBracket)
                PercentEscaping.append(nestedKey, to: &nested, allowed: PercentEscaping.queryAllowed)
                nested.append(contentsOf: PercentEscaping.closeBracket)
                try append(nestedValue, escapedKey: nested, key: "\(key)[\(nestedKey)]", depth: depth + 1, to: &output)
            }
        case .null:
            break
        case .unsupported(let typeName):
            throw .unsupportedParameter(key: key, type: typeName)
        }
    }

    private func appendPair(_ escapedKey: [UInt8], _ value: String, to output: inout [UInt8]) {
        if !output.isEmpty { output.append(UInt8(ascii: "&")) }
        output.append(contentsOf: escapedKey)
        output.append(UInt8(ascii: "="))
        PercentEscaping.append(value, to: &output, allowed: PercentEscaping.queryAllowed)
    }
}

extension PercentEscaping {
    static let openBracket: [UInt8] = Array("%5B".utf8)
    static let closeBracket: [UInt8] = Array("%5D".utf8)
}

extension URLParameterEncoder.ArrayEncoding {
    func key(_ escapedKey: [UInt8], index: Int) -> [UInt8] {
        switch self {
        case .brackets:
            return escapedKey + PercentEscaping.openBracket + PercentEscaping.closeBracket
        case .noBrackets:
            return escapedKey
        case .indexed:
            return escapedKey + PercentEscaping.openBracket + Array(String(index).utf8) + PercentEscaping.closeBracket
        }
    }
}

extension URLParameterEncoder.BoolEncoding {
    func text(for value: Bool) -> String {
        switch self {
        case .numeric: value ? "1" : "0"
        case .literal: value ? "true" : "false"
        }
    }
}
