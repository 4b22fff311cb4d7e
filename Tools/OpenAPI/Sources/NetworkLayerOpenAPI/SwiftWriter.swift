import Foundation

/// Collects lines of Swift source with four-space indentation.
struct SwiftWriter {
    private(set) var text = ""
    private var depth = 0

    /// One line at the current depth; an empty string gives an empty line.
    mutating func line(_ content: String) {
        text += content.isEmpty ? "\n" : String(repeating: "    ", count: depth) + content + "\n"
    }

    /// `opening`, then `body` one level deeper, then `closing`.
    mutating func block(_ opening: String, closing: String = "}", _ body: (inout SwiftWriter) -> Void) {
        line(opening)
        depth += 1
        body(&self)
        depth -= 1
        line(closing)
    }

    /// `head(a, b)tail` on one line when it fits in 120 columns, else one item a line, as swift-format would.
    mutating func list(_ head: String, _ items: [String], _ tail: String) {
        let single = head + "(" + items.joined(separator: ", ") + ")" + tail
        guard depth * 4 + single.count > 120, !items.isEmpty else { return line(single) }
        line(head + "(")
        depth += 1
        for (index, item) in items.enumerated() { line(item + (index == items.count - 1 ? "" : ",")) }
        depth -= 1
        line(")" + tail)
    }

    /// ``list(_:_:_:)`` with `tail` opening a block: `body` one level deeper, then `}`.
    mutating func listBlock(
        _ head: String, _ items: [String], _ tail: String, _ body: (inout SwiftWriter) -> Void
    ) {
        list(head, items, tail)
        depth += 1
        body(&self)
        depth -= 1
        line("}")
    }

    /// A `switch` whose `case` lines stay at the switch's own depth, as Swift style has them.
    mutating func switchBlock(_ opening: String, _ body: (inout SwiftWriter) -> Void) {
        line(opening)
        body(&self)
        line("}")
    }

    /// `///` lines for `text`, nothing when it is empty. Carriage returns and trailing blanks are dropped.
    mutating func doc(_ text: String?) {
        guard let text else { return }
        let lines = text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
            .split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }
        var trimmed = Array(lines.drop { $0.isEmpty })
        while trimmed.last?.isEmpty == true { trimmed.removeLast() }
        for docLine in trimmed { line(docLine.isEmpty ? "///" : "/// " + docLine) }
    }
}

/// The doc text made of a summary and a description, separated by an empty line.
func docText(_ summary: String?, _ description: String?) -> String? {
    let parts = [summary, description].compactMap { $0?.trimmingCharacters(in: .whitespacesAndNewlines) }
        .filter { !$0.isEmpty }
    if parts.count == 2, parts[0] == parts[1] { return parts[0] }
    return parts.isEmpty ? nil : parts.joined(separator: "\n\n")
}

/// `text` as a Swift string literal.
func swiftLiteral(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\\": result += "\\\\"
        case "\"": result += "\\\""
        case "\n": result += "\\n"
        case "\r": result += "\\r"
        case "\t": result += "\\t"
        default:
            if scalar.value < 0x20 {
                result += "\\u{\(String(scalar.value, radix: 16))}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
    }
    return result + "\""
}
