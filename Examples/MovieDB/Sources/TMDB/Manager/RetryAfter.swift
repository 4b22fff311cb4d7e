import Foundation

/// Parses the `Retry-After` header (RFC 9110 §10.2.3): delay seconds, or an HTTP date.
public enum RetryAfter {
    /// The delay `value` asks for, in seconds, or `nil` when it is neither a whole number of
    /// seconds nor an HTTP date. A date in the past gives 0.
    public static func seconds(from value: String, now: Date = Date()) -> TimeInterval? {
        let text = value.trimmingWhitespace()
        if !text.isEmpty, text.allSatisfy({ $0.isASCII && $0.isNumber }) {
            return Int(text).map(TimeInterval.init) ?? .infinity
        }
        guard let date = httpDate(text) else { return nil }
        return max(0, date.timeIntervalSince(now))
    }

    /// `Sun, 06 Nov 1994 08:49:37 GMT`, the only date form servers may send today.
    private static func httpDate(_ text: String) -> Date? {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        return formatter.date(from: text)
    }
}
