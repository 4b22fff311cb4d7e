import Foundation

/// A `Basic` or `Digest` challenge a server sent with a `401`, as ``RouterConfiguration/challengeCredentials``
/// sees it.
public struct AuthenticationChallenge: Sendable {
    /// The scheme, ``AuthenticationScheme/basic`` or ``AuthenticationScheme/digest``.
    public let scheme: AuthenticationScheme
    /// Every parameter of the challenge, names lowercased: `parameters["realm"]` is the protection space the
    /// server names, if it named one.
    public let parameters: [String: String]
    /// The URL of the request the server challenged.
    public let url: URL
    /// The endpoint of that request.
    public let endpoint: any EndPointType

    /// A challenge of `scheme` with `parameters` (names in any case) for the request to `url` of `endpoint`.
    init(scheme: AuthenticationScheme, parameters: [String: String], url: URL, endpoint: any EndPointType) {
        self.scheme = scheme
        self.parameters = Dictionary(parameters.map { ($0.key.lowercased(), $0.value) }) { first, _ in first }
        self.url = url
        self.endpoint = endpoint
    }
}
