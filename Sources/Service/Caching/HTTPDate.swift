import Foundation

/// Reads the HTTP dates of `Date`, `Expires`, `Last-Modified` and `If-Modified-Since` (RFC 9110 §5.6.7): the
/// IMF-fixdate form, and the obsolete RFC 850 and asctime forms a recipient must still accept.
enum HTTPDate {
    /// The date `text` names, or `nil` when it is none of the three forms.
    static func parse(_ text: String) -> Date? {
        let trimmed = text.trimmingHTTPWhitespace()
        if let date = RetryAfter.httpDate(trimmed) { return date }
        let parts = trimmed.split(separator: " ")
        switch parts.count {
        case 4: return rfc850(parts)
        case 5: return asctime(parts)
        default: return nil
        }
    }

    /// `Sunday, 06-Nov-94 08:49:37 GMT`; a two-digit year is taken in 1970…2069.
    private static func rfc850(_ parts: [Substring]) -> Date? {
        let date = parts[1].split(separator: "-", omittingEmptySubsequences: false)
        guard parts[0].last == ",", parts[0].count > 4, parts[3] == "GMT", date.count == 3, date[2].count == 2,
            let shortYear = Int(date[2])
        else { return nil }
        let year = shortYear < 70 ? 2000 + shortYear : 1900 + shortYear
        return RetryAfter.httpDate("\(parts[0].prefix(3)), \(date[0]) \(date[1]) \(year) \(parts[2]) GMT")
    }

    /// `Sun Nov  6 08:49:37 1994`.
    private static func asctime(_ parts: [Substring]) -> Date? {
        guard parts[0].count == 3, (1...2).contains(parts[2].count) else { return nil }
        let day = parts[2].count == 1 ? "0" + parts[2] : String(parts[2])
        return RetryAfter.httpDate("\(parts[0]), \(day) \(parts[1]) \(parts[4]) \(parts[3]) GMT")
    }
}
