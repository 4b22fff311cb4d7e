/// Why an endpoint could not be turned into a `URLRequest`. Nothing is sent when building fails.
public enum RequestBuildError: Error, Sendable, Hashable {
    /// The base URL has no scheme or no host, or the joined URL is not a valid URL.
    case invalidURL(String)
    /// The endpoint's path has a `.` or `..` segment (also as `%2E`), which would leave the base URL's path.
    case invalidPath(String)
    /// The method is empty or not an HTTP token (it has spaces, CR, LF or other separators), so it could
    /// split the request line.
    case invalidMethod(String)
    /// A header name is not an HTTP token, or a name or value contains CR, LF or NUL (header injection).
    case invalidHeader(name: String)
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
