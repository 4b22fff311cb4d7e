import Foundation

/// What a response's `Content-Length` field says, read by one rule (RFC 9110 §8.6): one plain decimal
/// number (`1*DIGIT`, with optional white space around it), or a list of the same one, as a repeated field
/// arrives; anything else (a sign, a hexadecimal or fractional number, two numbers, values that differ) says
/// nothing that can be trusted.
enum ContentLengthField: Equatable {
    /// There is no `Content-Length` field.
    case absent
    /// One length; a number past `Int64.max` reads as `Int64.max`, see ``isPastLargest``.
    case length(Int64, isPastLargest: Bool)
    /// A value that is not one plain decimal number, or values that disagree; `reason` says which.
    case invalid(reason: String)

    /// The field of `value`, the field's text with repeated fields joined by commas; `nil` when there is none.
    init(_ value: String?) {
        guard let value else {
            self = .absent
            return
        }
        var found: (length: Int64, isPastLargest: Bool, text: Substring)?
        for element in value.split(separator: ",", omittingEmptySubsequences: false) {
            let text = Self.trimmed(element)
            guard let parsed = Self.decimal(text) else {
                self = .invalid(reason: "Content-Length \(Self.quoted(value)) is not one decimal number")
                return
            }
            if let found, found.text.drop(while: { $0 == "0" }) != text.drop(while: { $0 == "0" }) {
                self = .invalid(reason: "conflicting Content-Length values \(Self.quoted(value))")
                return
            }
            found = (parsed.value, parsed.isPastLargest, text)
        }
        guard let found else {
            self = .invalid(reason: "empty Content-Length")
            return
        }
        self = .length(found.length, isPastLargest: found.isPastLargest)
    }

    /// The length, when there is one (`Int64.max` for one past it).
    var length: Int64? {
        guard case .length(let length, _) = self else { return nil }
        return length
    }

    /// `text` without the spaces and tabs around it. Foundation's `trimmingCharacters(in:)` goes through
    /// `NSString` on Linux, which cost more than the rest of a head's reading, several times per response.
    private static func trimmed(_ text: Substring) -> Substring {
        let isBlank = { (character: Character) in character == " " || character == "\t" }
        guard let first = text.firstIndex(where: { !isBlank($0) }), let last = text.lastIndex(where: { !isBlank($0) })
        else { return text[text.endIndex...] }
        return text[first...last]
    }

    /// The value of `text` when it is one or more ASCII digits and nothing else, saturated at `Int64.max`.
    private static func decimal(_ text: Substring) -> (value: Int64, isPastLargest: Bool)? {
        guard !text.isEmpty else { return nil }
        var value: Int64 = 0
        var isPastLargest = false
        for byte in text.utf8 {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            let (shifted, overflow) = value.multipliedReportingOverflow(by: 10)
            let (sum, carry) = shifted.addingReportingOverflow(Int64(byte - UInt8(ascii: "0")))
            if overflow || carry { isPastLargest = true }
            value = isPastLargest ? .max : sum
        }
        return (value, isPastLargest)
    }

    /// The field's text for an error message: quoted, control characters escaped, at most 64 characters.
    private static func quoted(_ value: String) -> String {
        let shown = value.count > 64 ? value.prefix(64) + "…" : value[...]
        return String(reflecting: String(shown))
    }
}
