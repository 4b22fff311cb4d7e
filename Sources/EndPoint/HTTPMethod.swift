/// An HTTP request method.
///
/// `HTTPMethod` is an open set: the common verbs are static members, and any other token
/// (`HTTPMethod(rawValue: "PROPFIND")`) can be spelled without waiting for a library release.
public struct HTTPMethod: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral {
    /// The method token as it goes on the wire, for example `GET`.
    public let rawValue: String

    /// Creates a method from its wire token. Tokens are case-sensitive; the common ones are upper case.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// Creates a method from a string literal, for example `"QUERY"`.
    public init(stringLiteral value: String) {
        self.rawValue = value
    }

    /// `GET`: read a resource.
    public static let get = HTTPMethod(rawValue: "GET")
    /// `POST`: submit data to a resource.
    public static let post = HTTPMethod(rawValue: "POST")
    /// `PUT`: replace a resource.
    public static let put = HTTPMethod(rawValue: "PUT")
    /// `PATCH`: modify part of a resource.
    public static let patch = HTTPMethod(rawValue: "PATCH")
    /// `DELETE`: remove a resource.
    public static let delete = HTTPMethod(rawValue: "DELETE")
    /// `HEAD`: like `GET`, without a response body.
    public static let head = HTTPMethod(rawValue: "HEAD")
    /// `OPTIONS`: ask which methods a resource allows.
    public static let options = HTTPMethod(rawValue: "OPTIONS")
    /// `TRACE`: echo the request back. Rarely sent by an app; write `"TRACE"` (a method is a string literal).
    static let trace = HTTPMethod(rawValue: "TRACE")

    /// Whether repeating the request has the same effect as sending it once (RFC 9110 §9.2.2): the default of
    /// ``EndPointType/isIdempotent``.
    var isIdempotent: Bool {
        switch self {
        case .get, .head, .put, .delete, .options, .trace: true
        default: false
        }
    }

    /// Whether parameters encoded with ``ParameterEncoding/urlEncoding`` belong in the query by default.
    var prefersQueryParameters: Bool {
        self == .get || self == .head || self == .delete
    }
}

extension HTTPMethod: CustomStringConvertible {
    /// The method token, for example `GET`.
    public var description: String { rawValue }
}
