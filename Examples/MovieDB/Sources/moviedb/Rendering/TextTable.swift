/// Lays out rows in aligned columns, measuring text as a terminal shows it.
struct TextTable {
    enum Alignment { case left, right }

    struct Column {
        let title: String
        let alignment: Alignment
        var maximumWidth = Int.max
    }

    let columns: [Column]
    let rows: [[String]]

    /// The header and the rows, two spaces between columns, without trailing spaces.
    func render() -> String {
        let cells =
            [columns.map(\.title)]
            + rows.map { row in
                columns.indices.map { index in
                    let text = index < row.count ? row[index] : ""
                    return TextWidth.truncate(text, to: columns[index].maximumWidth)
                }
            }
        let widths = columns.indices.map { index in cells.map { TextWidth.of($0[index]) }.max() ?? 0 }
        return cells.map { row in
            let padded = columns.indices.map { index in
                TextWidth.pad(row[index], to: widths[index], alignment: columns[index].alignment)
            }
            return String(padded.joined(separator: "  ").reversed().drop(while: { $0 == " " }).reversed())
        }.joined(separator: "\n")
    }
}

/// How many terminal columns text takes: East Asian wide characters take two, combining marks none.
enum TextWidth {
    static func of(_ text: String) -> Int {
        text.unicodeScalars.reduce(0) { $0 + width(of: $1) }
    }

    /// `text`, cut to `limit` columns with a trailing `…` when it is longer.
    static func truncate(_ text: String, to limit: Int) -> String {
        guard of(text) > limit else { return text }
        var result = ""
        var used = 0
        for character in text {
            let width = of(String(character))
            if used + width > limit - 1 { break }
            result.append(character)
            used += width
        }
        return result + "…"
    }

    static func pad(_ text: String, to width: Int, alignment: TextTable.Alignment) -> String {
        let padding = String(repeating: " ", count: max(0, width - of(text)))
        return alignment == .left ? text + padding : padding + text
    }

    private static func width(of scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if scalar.properties.generalCategory == .nonspacingMark || scalar.properties.generalCategory == .enclosingMark
            || value == 0x200D || (0xFE00...0xFE0F).contains(value)
        {
            return 0
        }
        return wideRanges.contains { $0.contains(value) } ? 2 : 1
    }

    private static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
        0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
        0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD,
    ]
}
