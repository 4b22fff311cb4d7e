/// Whether, and how, a request body is compressed before it is sent (`Content-Encoding`).
///
/// ```swift
/// var requestCompression: RequestCompression? {
///     switch self {
///     case .uploadEvents: .gzip()
///     default: nil  // the router's RouterConfiguration.requestCompression
///     }
/// }
/// ```
///
/// Only send compressed bodies to a server that accepts them: one that does not may answer
/// `415 Unsupported Media Type` (RFC 7694), and the router then sends the body once more, uncompressed.
public enum RequestCompression: Sendable, Hashable {
    /// Bodies go out as they are.
    case none
    /// Bodies of at least `minimumSize` bytes go out as gzip (RFC 1952), `Content-Encoding: gzip`.
    case gzip(minimumSize: Int = 1024)
    /// Bodies of at least `minimumSize` bytes go out as zlib-wrapped DEFLATE (RFC 1950), `Content-Encoding:
    /// deflate`.
    case deflate(minimumSize: Int = 1024)

    /// The default smallest body worth compressing: 1 KiB. Smaller ones save less than the round trip costs.
    public static let defaultMinimumSize = 1024

    /// The `Content-Encoding` value, or `nil` for ``none``.
    var contentCoding: String? {
        switch self {
        case .none: nil
        case .gzip: "gzip"
        case .deflate: "deflate"
        }
    }

    /// The smallest body compressed; `nil` for ``none``.
    var minimumSize: Int? {
        switch self {
        case .none: nil
        case .gzip(let size), .deflate(let size): max(0, size)
        }
    }
}
