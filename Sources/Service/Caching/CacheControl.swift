/// The directives of a request's or a response's `Cache-Control` fields (RFC 9111 §5.2), read tolerantly:
/// names are case-insensitive, unknown directives are kept but mean nothing, arguments may be tokens or
/// quoted strings, and nothing a peer sends makes reading fail.
struct CacheControl: Sendable, Equatable {
    /// Each directive's arguments, by lowercased name, in the order they came; `nil` for a directive without one.
    private var directives: [String: [String?]] = [:]

    /// The directives of every `Cache-Control` field in `headers`.
    init(_ headers: HTTPHeaders) {
        self.init(fields: headers.values(for: "Cache-Control"))
    }

    /// The directives of the field values `fields`, in order.
    init(fields: [String]) {
        for field in fields {
            for (name, argument) in Self.directives(in: field) {
                directives[name, default: []].append(argument)
            }
        }
    }

    /// Whether the directive `name` (lowercased) is present, with or without an argument.
    func contains(_ name: String) -> Bool {
        directives[name] != nil
    }

    /// The argument of the first directive `name`, or `nil` when it has none or is absent.
    func argument(_ name: String) -> String? {
        directives[name]?.first ?? nil
    }

    /// The argument of `name` read as delta-seconds (RFC 9111 §1.2.2), or `nil` when the directive is absent.
    ///
    /// Repeated with different arguments, or with an argument that is not `1*DIGIT`, it is
    /// ``DeltaSeconds/invalid``: §4.2.1 lets a cache use the first or take the response as stale, and the cache
    /// takes the more careful reading. A number past 2^31 reads as 2^31.
    func seconds(_ name: String) -> DeltaSeconds? {
        guard let arguments = directives[name], let first = arguments.first else { return nil }
        guard arguments.allSatisfy({ $0 == first }), let first, let seconds = DeltaSeconds(first) else {
            return .invalid
        }
        return seconds
    }

    /// The field names a qualified directive lists, lowercased, as in `no-cache="Set-Cookie"`; empty for an
    /// unqualified one.
    func fieldNames(_ name: String) -> [String] {
        guard let argument = argument(name) else { return [] }
        return argument.split(separator: ",").map { $0.trimmingHTTPWhitespace().lowercased() }.filter { !$0.isEmpty }
    }

    /// The directives of one field value: `name` or `name=token` or `name="quoted"`, separated by commas.
    /// What is not a directive (a stray `=`, a broken quote) is skipped up to the next comma.
    private static func directives(in field: String) -> [(String, String?)] {
        var result: [(String, String?)] = []
        var characters = Substring(field)
        while !characters.isEmpty {
            let name = characters.prefix { $0 != "," && $0 != "=" }.trimmingHTTPWhitespace().lowercased()
            characters = characters.drop { $0 != "," && $0 != "=" }
            var argument: String?
            if characters.first == "=" {
                characters = characters.dropFirst().drop(while: \.isHTTPWhitespace)
                if characters.first == "\"" {
                    (argument, characters) = quotedString(characters.dropFirst())
                } else {
                    argument = characters.prefix { $0 != "," }.trimmingHTTPWhitespace()
                }
                characters = characters.drop { $0 != "," }
            }
            characters = characters.dropFirst()
            if !name.isEmpty, !name.contains(where: \.isHTTPWhitespace) { result.append((name, argument)) }
        }
        return result
    }

    /// The contents of a quoted string that starts `text`, after its opening quote, unescaped, and what
    /// follows its closing quote; an unclosed string runs to the end.
    private static func quotedString(_ text: Substring) -> (String, Substring) {
        var value = ""
        var rest = text
        while let character = rest.popFirst() {
            switch character {
            case "\"": return (value, rest)
            case "\\": if let escaped = rest.popFirst() { value.append(escaped) }
            default: value.append(character)
            }
        }
        return (value, rest)
    }
}

/// A delta-seconds argument (RFC 9111 §1.2.2): a number of seconds, or one that could not be read.
enum DeltaSeconds: Sendable, Equatable {
    case seconds(Int)
    case invalid

    /// The largest value a cache need keep: 2^31 seconds, about 68 years.
    static let largest = 2_147_483_648

    /// Reads `1*DIGIT`; `nil` for anything else (a sign, a fraction, spaces inside, nothing at all).
    init?(_ text: String) {
        let digits = text.trimmingHTTPWhitespace()
        guard !digits.isEmpty, digits.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) })
        else { return nil }
        self = .seconds(Int(digits).map { min($0, Self.largest) } ?? Self.largest)
    }

    /// The seconds, or `invalid` for an argument that could not be read.
    func value(invalid: Int) -> Int {
        switch self {
        case .seconds(let seconds): seconds
        case .invalid: invalid
        }
    }
}

extension Character {
    /// A space or a horizontal tab, the whitespace around HTTP field values and list elements (OWS).
    var isHTTPWhitespace: Bool { self == " " || self == "\t" }
}

extension StringProtocol {
    /// The text without leading and trailing spaces and tabs.
    func trimmingHTTPWhitespace() -> String {
        let isText: (Character) -> Bool = { !$0.isHTTPWhitespace }
        guard let first = firstIndex(where: isText), let last = lastIndex(where: isText) else { return "" }
        return String(self[first...last])
    }
}
