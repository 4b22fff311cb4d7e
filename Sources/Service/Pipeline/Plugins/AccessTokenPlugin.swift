import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Adds a credential to every request whose endpoint ``EndPointType/requiresAuthentication``.
///
/// ```swift
/// let plugin = AccessTokenPlugin(scheme: .bearer) { await tokenStore.accessToken }
/// let router = Router<MovieAPI>(configuration: RouterConfiguration(plugins: [plugin]))
/// ```
///
/// The token is asked for on every attempt, so a rotated token is picked up at once; a token that never
/// changes is a closure that returns it: `AccessTokenPlugin { "my-token" }`. When the provider
/// returns `nil` the request goes out without a credential. Header values with CR, LF or NUL fail the
/// request with ``RequestBuildError/invalidHeader(name:)`` instead of being sent. The header never
/// follows a redirect to another origin, whatever its name. To refresh an expired
/// token automatically, use an ``AuthenticationCoordinator`` instead.
public struct AccessTokenPlugin: PluginType {
    /// The scheme written before the token, or `nil` when the header holds the token alone.
    let scheme: AuthenticationScheme?
    private let header: String
    private let token: @Sendable () async -> String?

    /// Creates a plugin that asks `token` for the current token on every attempt.
    ///
    /// - Parameters:
    ///   - scheme: Written before the token: `Authorization: Bearer <token>` by default; `.basic` with a
    ///     ``basicToken(user:password:)``, or another scheme, such as `AuthenticationScheme("Token")`. `nil`
    ///     writes the token alone, as an API key in a header of its own needs.
    ///   - header: The header the token goes in. Defaults to `Authorization`; for example `X-API-Key`, with
    ///     a `nil` scheme.
    ///   - token: Asked for the token on every attempt; `nil` sends the request without one.
    public init(
        scheme: AuthenticationScheme? = .bearer,
        header: String = "Authorization",
        token: @escaping @Sendable () async -> String?
    ) {
        self.scheme = scheme
        self.header = header
        self.token = token
    }

    /// `true`: the header the token goes in is dropped on a redirect to another origin, whatever its name.
    public var setsCredentials: Bool { true }

    /// The Base64 token of `user:password` for ``AuthenticationScheme/basic``.
    public static func basicToken(user: String, password: String) -> String {
        Data("\(user):\(password)".utf8).base64EncodedString()
    }

    /// Sets the credential header, unless the endpoint opts out or there is no token.
    public func prepare(_ request: URLRequest, context: PluginContext) async throws(NetworkError) -> URLRequest {
        guard context.endpoint.requiresAuthentication, let token = await token() else { return request }
        let (name, value) = (header, scheme.map { "\($0.name) \(token)" } ?? token)
        do {
            try HeaderValidation.validate(name: name, value: value)
        } catch {
            throw NetworkError(.invalidRequest, underlyingError: error)
        }
        var request = request
        request.setValue(value, forHTTPHeaderField: name)
        return request
    }
}
