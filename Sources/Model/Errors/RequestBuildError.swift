/// Why an endpoint could not be turned into a `URLRequest`. Nothing is sent when building fails.
public enum RequestBuildError: Error, Sendable, Hashable {
    /// The base URL has no scheme or no host, or the joined URL is not a valid URL.
    case invalidURL(String)
    /// The endpoint's path could leave the base URL's path on some server: once percent-decoded (as often as
    /// it can be), a segment split at `/` or `\` is `.` or `..` with its `;parameters` removed, or the path
    /// is not UTF-8 text or holds a control character.
    case invalidPath(String)
    /// The method is empty or not an HTTP token (it has spaces, CR, LF or other separators), so it could
    /// split the request line.
    case invalidMethod(String)
    /// A header name is not an HTTP token, or a name or value contains CR, LF or NUL (header injection).
    case invalidHeader(name: String)
    /// A multipart part's name or file name holds a control character (C0, DEL or C1), or its MIME type a
    /// character other than printable ASCII, which could end its header line or forge another; `name` is
    /// the part's name.
    case invalidMultipartPart(name: String)
    /// A parameter value of a type that cannot be encoded (`type` names it).
    case unsupportedParameter(key: String, type: String)
    /// A floating-point parameter that is NaN or infinite.
    case nonFiniteNumber(key: String)
    /// A `Date` parameter too far from 1970 (or NaN) to write with the chosen ``DateEncoding``.
    case dateOutOfRange(key: String)
    /// Parameters nested deeper than `limit` levels of arrays and dictionaries.
    case nestingTooDeep(key: String, limit: Int)
    /// A body on a method that must not carry one unless the endpoint opts in (``EndPointType/allowsBodyInGET``).
    case bodyNotAllowed(method: String)
    /// An `Encodable` value threw while being encoded; `reason` describes the error.
    case encodingFailed(reason: String)
}
