/// An HTTP authentication scheme (RFC 9110, 11.1): the word before the credentials in `Authorization`, and
/// before a challenge's parameters in `WWW-Authenticate`. Names compare case-insensitively.
public struct AuthenticationScheme: Sendable, Equatable {
    /// The name as written, for example `Bearer`.
    public let name: String

    /// The scheme called `name`, in any case.
    public init(_ name: String) {
        self.name = name
    }

    /// HTTP Basic (RFC 7617): the user and password, base64-encoded, in every request.
    public static let basic = AuthenticationScheme("Basic")
    /// A bearer token (RFC 6750), such as an OAuth 2.0 access token.
    public static let bearer = AuthenticationScheme("Bearer")
    /// HTTP Digest (RFC 7616): a hash of the password, the server's nonce and the request.
    public static let digest = AuthenticationScheme("Digest")

    /// Whether the names are the same but for case.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.name.lowercased() == rhs.name.lowercased()
    }
}
