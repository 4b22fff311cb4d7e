import Foundation

/// Small, locale-independent formatting for the terminal.
enum Formatting {
    /// `8.4`, or `–` for a movie nobody has rated.
    static func rating(_ average: Double, votes: Int) -> String {
        votes == 0 ? "–" : String(format: "%.1f", average)
    }

    /// The year, or `–` when the release date is unknown.
    static func year(_ year: Int?) -> String {
        year.map(String.init) ?? "–"
    }

    /// `1,234,567`.
    static func grouped(_ number: Int) -> String {
        let digits = String(number.magnitude)
        var groups: [Substring] = []
        var end = digits.endIndex
        while end > digits.startIndex {
            let start = digits.index(end, offsetBy: -3, limitedBy: digits.startIndex) ?? digits.startIndex
            groups.insert(digits[start..<end], at: 0)
            end = start
        }
        return (number < 0 ? "-" : "") + groups.joined(separator: ",")
    }

    /// `2h 19m`, or `nil` for an unknown running time.
    static func runtime(_ minutes: Int?) -> String? {
        guard let minutes, minutes > 0 else { return nil }
        return minutes >= 60 ? "\(minutes / 60)h \(minutes % 60)m" : "\(minutes)m"
    }

    /// `1 result`, `35 results`.
    static func count(_ number: Int, _ noun: String) -> String {
        "\(grouped(number)) \(noun)\(number == 1 ? "" : "s")"
    }
}
