/// The version of HTTP a response was sent with, as its status line or its connection names it.
///
/// ``description`` spells it as RFC 9110 does: `HTTP/1.0`, `HTTP/1.1`, `HTTP/2`, `HTTP/3`.
public struct HTTPVersion: Sendable, Hashable, CustomStringConvertible {
    /// The major version: `1` in `HTTP/1.1`.
    public let major: Int
    /// The minor version: `1` in `HTTP/1.1`, `0` in `HTTP/2`.
    public let minor: Int

    /// The version `major.minor`; negative numbers count as `0`. Transports make versions; apps read them.
    @_spi(Transport) public init(major: Int, minor: Int) {
        self.major = max(0, major)
        self.minor = max(0, minor)
    }

    /// `HTTP/1.1`, what a response whose transport cannot tell is said to come in.
    @usableFromInline static let http11 = HTTPVersion(major: 1, minor: 1)

    /// The version as a status line spells it, without a minor version from HTTP/2 on.
    public var description: String {
        major >= 2 && minor == 0 ? "HTTP/\(major)" : "HTTP/\(major).\(minor)"
    }
}
