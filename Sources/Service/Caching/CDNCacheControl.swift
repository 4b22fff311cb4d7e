/// `CDN-Cache-Control` (RFC 9213): the directives a shared cache such as a CDN obeys instead of those of
/// `Cache-Control`, when the field is present and a valid Structured Field dictionary (RFC 8941).
enum CDNCacheControl {
    /// The directives whose argument is a number of seconds, which must be integers.
    static let numericDirectives: Set<String> = ["max-age", "s-maxage", "stale-while-revalidate", "stale-if-error"]

    /// The directives a shared cache obeys for a response with `headers`: those of `CDN-Cache-Control` when it
    /// is valid, otherwise those of `Cache-Control`; a private cache reads `Cache-Control` only.
    static func responseDirectives(_ headers: HTTPHeaders, shared: Bool) -> CacheControl {
        guard shared else { return CacheControl(headers) }
        let fields = headers.values(for: "CDN-Cache-Control")
        guard !fields.isEmpty, fields.allSatisfy(isValidDictionary) else { return CacheControl(headers) }
        return CacheControl(fields: fields)
    }

    /// Whether `field` is a Structured Field dictionary whose numeric directives are integers.
    static func isValidDictionary(_ field: String) -> Bool {
        var members: [Substring] = []
        var start = field.startIndex
        var inString = false
        var escaped = false
        for index in field.indices {
            let character = field[index]
            if escaped {
                escaped = false
            } else if inString {
                if character == "\\" { escaped = true } else if character == "\"" { inString = false }
            } else if character == "\"" {
                inString = true
            } else if character == "," {
                members.append(field[start..<index])
                start = field.index(after: index)
            }
        }
        guard !inString else { return false }
        members.append(field[start...])
        return members.allSatisfy { member in
            let parts = member.trimmingHTTPWhitespace().split(separator: ";", maxSplits: 1)
            guard let item = parts.first else { return false }
            let pair = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let key = String(pair[0])
            guard isKey(key) else { return false }
            guard pair.count == 2 else { return true }
            let value = String(pair[1])
            return numericDirectives.contains(key) ? isInteger(value) : isBareItem(value)
        }
    }

    private static func isKey(_ key: String) -> Bool {
        guard let first = key.first, first == "*" || ("a"..."z").contains(first) else { return false }
        return key.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || "_-.*".contains($0) }
    }

    private static func isInteger(_ value: String) -> Bool {
        let digits = value.hasPrefix("-") ? value.dropFirst() : Substring(value)
        return (1...15).contains(digits.count) && digits.allSatisfy { ("0"..."9").contains($0) }
    }

    private static func isBareItem(_ value: String) -> Bool {
        if isInteger(value) || value == "?0" || value == "?1" { return true }
        if value.count >= 2, value.first == "\"", value.last == "\"" { return value.allSatisfy(\.isASCII) }
        if value.count >= 2, value.first == ":", value.last == ":" {
            return value.dropFirst().dropLast().allSatisfy { $0.isLetter || $0.isNumber || "+/=".contains($0) }
        }
        guard let first = value.first, first == "*" || (first.isASCII && first.isLetter) else {
            return value.split(separator: ".").count == 2 && value.allSatisfy { $0.isNumber || $0 == "." || $0 == "-" }
        }
        return value.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "!#$%&'*+-.^_`|~:/".contains($0)) }
    }
}
