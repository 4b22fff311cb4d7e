import Foundation

/// Parses TMDB's calendar dates, `YYYY-MM-DD`, as midnight UTC.
///
/// TMDB sends `""` for an unknown date, so parsing never throws: anything that is not a valid
/// date is `nil`.
public enum TMDBDate {
    /// The date `text` names, or `nil` when it is empty or not a valid `YYYY-MM-DD` date.
    public static func date(from text: String) -> Date? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
            let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2])
        else { return nil }
        let components = DateComponents(year: year, month: month, day: day)
        guard let date = calendar.date(from: components),
            calendar.dateComponents([.year, .month, .day], from: date) == components
        else { return nil }
        return date
    }

    /// The year of `text`, or `nil` when it is not a valid date.
    public static func year(from text: String) -> Int? {
        date(from: text).map { calendar.component(.year, from: $0) }
    }

    private static let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? TimeZone(secondsFromGMT: 0) ?? calendar.timeZone
        return calendar
    }()
}
