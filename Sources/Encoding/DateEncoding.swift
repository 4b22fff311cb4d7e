import Foundation

/// How a `Date` parameter is written into a query string or form body.
///
/// Whatever the strategy, a date must be finite and lie in the years 0000 through 9999 (UTC), the years
/// ISO 8601 and RFC 3339 write with four digits and every server reads: another one throws
/// ``RequestBuildError/dateOutOfRange(key:)``, also for a ``custom(_:)`` formatter, and in `Encodable`
/// bodies and queries too. Expanded years (`+10000`, `-0002`) need the two sides to agree beforehand, so
/// they are refused rather than written.
public enum DateEncoding: Sendable {
    /// ISO 8601 in UTC with whole seconds: `2001-01-01T00:00:00Z`.
    case iso8601
    /// ISO 8601 in UTC with milliseconds: `2001-01-01T00:00:00.000Z`.
    case iso8601WithFractionalSeconds
    /// Seconds since 1970-01-01, as a number.
    case secondsSince1970
    /// Milliseconds since 1970-01-01, as a whole number.
    case millisecondsSince1970
    /// A caller-supplied formatter.
    case custom(@Sendable (Date) -> String)

    func string(from date: Date, key: String) throws(RequestBuildError) -> String {
        guard EncodableDates.contains(date) else { throw .dateOutOfRange(key: key) }
        switch self {
        case .iso8601, .iso8601WithFractionalSeconds:
            guard let text = ISO8601Text.string(from: date, fractional: isFractional) else {
                throw .dateOutOfRange(key: key)
            }
            return text
        case .secondsSince1970:
            return try ParameterValue.format(date.timeIntervalSince1970, key: key)
        case .millisecondsSince1970:
            let milliseconds = (date.timeIntervalSince1970 * 1000).rounded()
            guard milliseconds.isFinite, abs(milliseconds) < 9e18 else { throw .dateOutOfRange(key: key) }
            return String(Int64(milliseconds))
        case .custom(let format):
            return format(date)
        }
    }

    private var isFractional: Bool {
        if case .iso8601WithFractionalSeconds = self { return true }
        return false
    }
}

/// The dates every encoder of the library writes: finite, from 0000-01-01T00:00:00Z up to, not including,
/// 10000-01-01T00:00:00Z, so that an ISO 8601 year always has four digits and no sign.
enum EncodableDates {
    /// 0000-01-01T00:00:00Z and 10000-01-01T00:00:00Z, in seconds since 1970.
    static let secondsSince1970 = -62_167_219_200.0..<253_402_300_800.0

    /// Whether `date` is finite and in the years 0000–9999.
    static func contains(_ date: Date) -> Bool {
        secondsSince1970.contains(date.timeIntervalSince1970)
    }
}

/// ISO 8601 timestamps in UTC, computed arithmetically (no formatter, no locale, thread-safe).
enum ISO8601Text {
    /// `date` in ISO 8601, or `nil` when it is not in ``EncodableDates`` (NaN, infinite, or a year
    /// outside 0000–9999).
    static func string(from date: Date, fractional: Bool) -> String? {
        let interval = date.timeIntervalSince1970
        guard EncodableDates.contains(date) else { return nil }
        let totalMilliseconds = Int64((interval * 1000).rounded(.down))
        let totalSeconds = fractional ? floorDivide(totalMilliseconds, 1000) : Int64(interval.rounded(.down))
        let days = floorDivide(totalSeconds, 86_400)
        let secondsOfDay = totalSeconds - days * 86_400
        let (year, month, day) = civilDate(fromDaysSince1970: days)
        var text = "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T"
        text += "\(pad(secondsOfDay / 3600, 2)):\(pad(secondsOfDay % 3600 / 60, 2)):\(pad(secondsOfDay % 60, 2))"
        if fractional {
            text += ".\(pad(totalMilliseconds - totalSeconds * 1000, 3))"
        }
        return text + "Z"
    }

    private static func floorDivide(_ value: Int64, _ divisor: Int64) -> Int64 {
        value >= 0 ? value / divisor : -((-value + divisor - 1) / divisor)
    }

    /// Howard Hinnant's days-from-civil algorithm, inverted: proleptic Gregorian year, month, day.
    private static func civilDate(fromDaysSince1970 days: Int64) -> (Int64, Int64, Int64) {
        let shifted = days + 719_468
        let era = floorDivide(shifted, 146_097)
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return (year, month, day)
    }

    private static func pad(_ value: Int64, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }
}
