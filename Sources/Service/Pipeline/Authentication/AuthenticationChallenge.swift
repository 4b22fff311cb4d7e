import Foundation

/// A `Basic` or `Digest` challenge a server sent with a `401`, as ``RouterConfiguration/challengeCredentials``
/// sees it.
public struct AuthenticationChallenge: Sendable {
    /// An authentication scheme; names compare case-insensitively.
    public struct Scheme: Sendable, Hashable, CustomStringConvertible {
        /// The name, lowercased.
        public let name: String

        /// The scheme called `name`, in any case.
        public init(_ name: String) {
            self.name = name.lowercased()
        }

        /// HTTP Basic (RFC 7617): the user and password, base64-encoded, in every answer.
        public static let basic = Scheme("Basic")
        /// HTTP Digest (RFC 7616): a hash of the password, the server's nonce and the request.
        public static let digest = Scheme("Digest")

        /// The name.
        public var description: String { name }
    }

    /// The scheme, ``Scheme/basic`` or ``Scheme/digest``.
    public let scheme: Scheme
    /// The protection space the server names, if it named one.
    public var realm: String? { parameters["realm"] }
    /// Every parameter of the challenge, names lowercased.
    public let parameters: [String: String]
    /// The URL of the request the server challenged.
    public let url: URL
    /// The endpoint of that request.
    public let endpoint: any EndPointType

    /// The host that challenged.
    public var host: String? { url.host }

    /// A challenge of `scheme` with `parameters` (names in any case) for the request to `url` of `endpoint`.
    init(scheme: Scheme, parameters: [String: String], url: URL, endpoint: any EndPointType) {
        self.scheme = scheme
        self.parameters = Dictionary(parameters.map { ($0.key.lowercased(), $0.value) }) { first, _ in first }
        self.url = url
        self.endpoint = endpoint
    }
}
