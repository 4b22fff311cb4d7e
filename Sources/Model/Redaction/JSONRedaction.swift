import Foundation

/// Reads a JSON text in one pass, without recursion and at most ``maximumDepth`` containers deep, to copy it
/// with secrets hidden or to collect the values a ``Redactor`` hides.
///
/// The copy has no insignificant whitespace. The value of a secret key, whole containers included, becomes
/// ``Redactor/placeholder``; any other string goes through ``Redactor/text(_:)`` (URLs and pairs in it) and,
/// like keys and numbers, loses the echoed secrets it contains. Text that is not one JSON value within the
/// depth — several values (NDJSON), a cut body, deeper nesting — gives `nil`: it cannot be redacted with
/// certainty.
struct JSONRedaction {
    /// The deepest nesting read; deeper bodies are not shown.
    static let maximumDepth = 512

    private enum Container { case object, array }
    private enum Expecting { case value, key, end }

    private let bytes: [UInt8]
    private let redactor: Redactor
    private let secrets: EchoedSecrets
    private var index = 0
    private var output: [UInt8] = []
    private var hidden: [String] = []
    /// How many containers were open when a secret key's value began; `nil` outside such a value.
    private var hiddenFrom: Int?

    private init(_ data: Data, redactor: Redactor, secrets: EchoedSecrets) {
        self.bytes = Array(data)
        self.redactor = redactor
        self.secrets = secrets
    }

    /// `data` with secrets hidden, or `nil` when it is not one JSON value within the depth.
    static func redacted(_ data: Data, by redactor: Redactor, hiding secrets: EchoedSecrets) -> String? {
        var reading = JSONRedaction(data, redactor: redactor, secrets: secrets)
        guard String(data: data, encoding: .utf8) != nil, reading.read() else { return nil }
        return String(decoding: reading.output, as: UTF8.self)
    }

    /// The strings and numbers under secret keys of `data`, or `nil` when it is not one JSON value within the
    /// depth.
    static func hiddenValues(in data: Data, by redactor: Redactor) -> [String]? {
        var reading = JSONRedaction(data, redactor: redactor, secrets: .none)
        guard String(data: data, encoding: .utf8) != nil, reading.read() else { return nil }
        return reading.hidden
    }

    private mutating func read() -> Bool {
        var open: [Container] = []
        var expecting = Expecting.value
        while true {
            skipWhitespace()
            switch expecting {
            case .value:
                guard let byte = peek() else { return false }
                if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") {
                    guard open.count < Self.maximumDepth else { return false }
                    let isObject = byte == UInt8(ascii: "{")
                    let close = isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
                    index += 1
                    emit([byte])
                    open.append(isObject ? .object : .array)
                    skipWhitespace()
                    if peek() == close {
                        index += 1
                        emit([close])
                        open.removeLast()
                        expecting = .end
                    } else {
                        expecting = isObject ? .key : .value
                    }
                } else if byte == UInt8(ascii: "\"") {
                    guard let string = readString() else { return false }
                    if hiddenFrom != nil {
                        hidden.append(string)
                    } else {
                        emitString(redactor.value(string, hiding: secrets))
                    }
                    expecting = .end
                } else {
                    guard let literal = readLiteral() else { return false }
                    emitLiteral(literal)
                    expecting = .end
                }
            case .key:
                guard peek() == UInt8(ascii: "\""), let key = readString() else { return false }
                skipWhitespace()
                guard peek() == UInt8(ascii: ":") else { return false }
                index += 1
                if hiddenFrom == nil {
                    emitString(secrets.hidingValue(key))
                    emit([UInt8(ascii: ":")])
                    if redactor.hidesParameter(key) {
                        emitString(Redactor.placeholder)
                        hiddenFrom = open.count
                    }
                }
                expecting = .value
            case .end:
                if hiddenFrom == open.count { hiddenFrom = nil }
                guard let container = open.last else { return index == bytes.count }
                guard let byte = peek() else { return false }
                index += 1
                switch (byte, container) {
                case (UInt8(ascii: ","), .object):
                    emit([byte])
                    expecting = .key
                case (UInt8(ascii: ","), .array):
                    emit([byte])
                    expecting = .value
                case (UInt8(ascii: "}"), .object), (UInt8(ascii: "]"), .array):
                    emit([byte])
                    open.removeLast()
                default:
                    return false
                }
            }
        }
    }

    private func peek() -> UInt8? {
        index < bytes.count ? bytes[index] : nil
    }

    private mutating func skipWhitespace() {
        while let byte = peek(), byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { index += 1 }
    }

    private mutating func emit(_ part: [UInt8]) {
        if hiddenFrom == nil { output += part }
    }

    private mutating func emitString(_ string: String) {
        guard hiddenFrom == nil else { return }
        output.append(UInt8(ascii: "\""))
        for byte in string.utf8 {
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"):
                output += [UInt8(ascii: "\\"), byte]
            case 0..<0x20, 0x7F:
                let hex = String(byte, radix: 16)
                output += Array(("\\u00" + (hex.count == 1 ? "0" : "") + hex).utf8)
            default:
                output.append(byte)
            }
        }
        output.append(UInt8(ascii: "\""))
    }

    /// A number, `true`, `false` or `null`; a number that is an echoed secret is shown as the placeholder.
    private mutating func emitLiteral(_ literal: String) {
        guard hiddenFrom == nil else {
            if literal.first?.isNumber == true || literal.first == "-" { hidden.append(literal) }
            return
        }
        if secrets.hidingValue(literal) != literal {
            emitString(Redactor.placeholder)
        } else {
            output += Array(literal.utf8)
        }
    }

    /// A string, its escapes decoded; `nil` when it is not a valid JSON string.
    private mutating func readString() -> String? {
        index += 1
        var decoded: [UInt8] = []
        while let byte = peek() {
            index += 1
            switch byte {
            case UInt8(ascii: "\""):
                return String(decoding: decoded, as: UTF8.self)
            case UInt8(ascii: "\\"):
                guard let escaped = readEscape() else { return nil }
                decoded += Array(String(escaped).utf8)
            case 0..<0x20:
                return nil
            default:
                decoded.append(byte)
            }
        }
        return nil
    }

    /// The character after a backslash; a lone surrogate reads as U+FFFD.
    private mutating func readEscape() -> Unicode.Scalar? {
        guard let byte = peek() else { return nil }
        index += 1
        switch byte {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            guard let unit = readHex() else { return nil }
            if (0xD800..<0xDC00).contains(unit), bytes.count >= index + 6, bytes[index] == UInt8(ascii: "\\"),
                bytes[index + 1] == UInt8(ascii: "u")
            {
                let resume = index
                index += 2
                if let low = readHex(), (0xDC00..<0xE000).contains(low) {
                    return Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))
                }
                index = resume
            }
            return Unicode.Scalar(unit) ?? "\u{FFFD}"
        default: return nil
        }
    }

    private mutating func readHex() -> UInt32? {
        guard bytes.count >= index + 4 else { return nil }
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let digit = Character(Unicode.Scalar(bytes[index])).hexDigitValue else { return nil }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }

    /// A number, `true`, `false` or `null` as written; `nil` when it is none of them.
    private mutating func readLiteral() -> String? {
        let start = index
        for word in ["true", "false", "null"] where bytes[index...].starts(with: word.utf8) {
            index += word.utf8.count
            return word
        }
        if peek() == UInt8(ascii: "-") { index += 1 }
        if peek() == UInt8(ascii: "0") {
            index += 1
        } else {
            guard skipDigits() else { return nil }
        }
        if peek() == UInt8(ascii: ".") {
            index += 1
            guard skipDigits() else { return nil }
        }
        if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
            index += 1
            if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { index += 1 }
            guard skipDigits() else { return nil }
        }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    /// Skips one or more digits; `false` when there is none.
    private mutating func skipDigits() -> Bool {
        let start = index
        while let byte = peek(), (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) { index += 1 }
        return index > start
    }
}
