/// Reads the challenges of `WWW-Authenticate` fields (RFC 9110, 11.6.1): several challenges per field,
/// parameters as tokens or quoted strings with `\` escapes, scheme and parameter names in any case.
enum WWWAuthenticate {
    /// One challenge: its scheme and parameter names lowercased, and its `token68` when it has one.
    struct Challenge: Sendable, Equatable {
        var scheme: String
        var parameters: [String: String] = [:]
        var token68: String?
    }

    /// The challenges of every field in `fields`; a field that does not parse contributes none.
    static func challenges(in fields: [String]) -> [Challenge] {
        fields.flatMap { challenges(in: $0) ?? [] }
    }

    /// The challenges of one field value, or `nil` when it is malformed.
    static func challenges(in field: String) -> [Challenge]? {
        var reader = Reader(bytes: Array(field.utf8))
        return reader.challenges()
    }

    private struct Reader {
        let bytes: [UInt8]
        var index = 0

        mutating func challenges() -> [Challenge]? {
            var challenges: [Challenge] = []
            // Set after a scheme and its space: the next element belongs to that challenge without a comma.
            var expectsParameter = false
            skipSeparators()
            while index < bytes.count {
                guard let name = token() else { return nil }
                let spaces = skipSpaces()
                if peek() == UInt8(ascii: "=") {
                    guard var current = challenges.popLast(), current.token68 == nil else { return nil }
                    index += 1
                    skipSpaces()
                    let key = name.lowercased()
                    let value = peek() == UInt8(ascii: "\"") ? quotedString() : token()
                    guard current.parameters[key] == nil, let value else { return nil }
                    current.parameters[key] = value
                    challenges.append(current)
                    expectsParameter = false
                } else {
                    guard !expectsParameter else { return nil }
                    var challenge = Challenge(scheme: name.lowercased())
                    if index < bytes.count, peek() != UInt8(ascii: ",") {
                        guard spaces > 0 else { return nil }
                        if let token68 = token68() {
                            challenge.token68 = token68
                        } else {
                            expectsParameter = true
                        }
                    }
                    challenges.append(challenge)
                    if expectsParameter { continue }
                }
                skipSpaces()
                guard index == bytes.count || peek() == UInt8(ascii: ",") else { return nil }
                skipSeparators()
            }
            return expectsParameter ? nil : challenges
        }

        private func peek() -> UInt8? {
            index < bytes.count ? bytes[index] : nil
        }

        @discardableResult
        private mutating func skipSpaces() -> Int {
            let start = index
            while let byte = peek(), byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") { index += 1 }
            return index - start
        }

        /// Skips spaces and the commas of empty list elements.
        private mutating func skipSeparators() {
            while let byte = peek(),
                byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: ",")
            {
                index += 1
            }
        }

        private mutating func token() -> String? {
            let start = index
            while let byte = peek(), HeaderValidation.isTokenByte(byte) { index += 1 }
            return index > start ? String(decoding: bytes[start..<index], as: UTF8.self) : nil
        }

        /// A `token68` that stands alone before the end or a comma; otherwise nothing is consumed.
        private mutating func token68() -> String? {
            let start = index
            while let byte = peek(), Self.isToken68Byte(byte) { index += 1 }
            let end = index
            while peek() == UInt8(ascii: "=") { index += 1 }
            let value = String(decoding: bytes[start..<index], as: UTF8.self)
            skipSpaces()
            guard end > start, index == bytes.count || peek() == UInt8(ascii: ",") else {
                index = start
                return nil
            }
            return value
        }

        private mutating func quotedString() -> String? {
            guard peek() == UInt8(ascii: "\"") else { return nil }
            index += 1
            var value: [UInt8] = []
            while let byte = peek() {
                index += 1
                switch byte {
                case UInt8(ascii: "\""):
                    return String(decoding: value, as: UTF8.self)
                case UInt8(ascii: "\\"):
                    guard let escaped = peek(), Self.isTextByte(escaped) else { return nil }
                    value.append(escaped)
                    index += 1
                case _ where Self.isTextByte(byte):
                    value.append(byte)
                default:
                    return nil
                }
            }
            return nil
        }

        private static func isToken68Byte(_ byte: UInt8) -> Bool {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"):
                true
            default:
                "-._~+/".utf8.contains(byte)
            }
        }

        /// A byte a quoted string may hold: tab, visible ASCII, space or any byte of a non-ASCII character.
        private static func isTextByte(_ byte: UInt8) -> Bool {
            byte == UInt8(ascii: "\t") || (byte >= 0x20 && byte != 0x7f)
        }
    }
}
