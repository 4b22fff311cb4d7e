import Foundation

/// The timeouts the library's transports apply, the same for every value a request can hold.
///
/// Foundation on Linux stops the process when a request's `timeoutInterval` is not a number, infinite, or
/// 9,223,372,036,854,776 seconds or more either way (it converts the value to whole milliseconds in an
/// `Int`), and AsyncHTTPClient saturates a timeout at the largest `Int64` count of nanoseconds. Both
/// transports therefore read a timeout through ``bounded(_:)``: never past ``maximum``, and
/// ``defaultInterval`` for a value that is not a positive number.
@_spi(Transport) public enum TransportTimeout: Sendable {
    /// The longest timeout a transport applies: 9,223,372,036 seconds (about 292 years), the largest whole
    /// number of seconds an `Int64` count of nanoseconds holds, as AsyncHTTPClient's `TimeAmount` does.
    public static let maximum: TimeInterval = 9_223_372_036
    /// The timeout for a value that is not a positive number: 60 seconds, `URLRequest`'s default.
    public static let defaultInterval: TimeInterval = 60

    /// `seconds` as a transport applies it: at most ``maximum``, and ``defaultInterval`` when it is zero,
    /// negative or not a number.
    public static func bounded(_ seconds: TimeInterval) -> TimeInterval {
        guard seconds > 0 else { return defaultInterval }
        return min(seconds, maximum)
    }
}
