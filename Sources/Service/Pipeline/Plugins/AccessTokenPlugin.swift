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
/// The token is asked for on every attempt, so a rotated token is picked up at once. When the provider
/// returns `nil` the request goes out without a credential. Header values with CR, LF or NUL fail the
/// request with ``RequestBuildError/invalidHeader(name:)`` instead of being sent. The header never
/// follows a redirect to another origin, whatever its name. To refresh an expired
/// token automatically, use an ``AuthenticationCoordinator`` instead.
public struct AccessTokenPlugin: PluginType {
    /// How the token is written into the request.
    public enum Scheme: Sendable, Hashable {
        /// `Authorization: Bearer <token>`.
        case bearer
        /// `Authorization: Basic <token>`, where the token is already the Base64 of `user:password`;
        /// ``AccessTokenPlugin/basicToken(user:password:)`` makes one.
        case basic
        /// `Authorization: <scheme> <token>`, for example `.custom("Token")`.
        case custom(String)
        /// `<name>: <token>` with no scheme, for example `.header("X-API-Key")`.
        case header(String)
    }

    /// How the token is written into the request.
    public let scheme: Scheme
    private let token: @Sendable () async -> String?

    /// Creates a plugin that asks `token` for the current token on every attempt.
    public init(scheme: Scheme = .bearer, token: @escaping @Sendable () async -> String?) {
        self.scheme = scheme
        self.token = token
    }

    /// Creates a plugin that always sends `token`.
    public init(scheme: Scheme = .bearer, token: String) {
        self.init(scheme: scheme) { token }
    }

    /// `true`: the header the token goes in is dropped on a redirect to another origin, whatever its name.
    public var setsCredentials: Bool { true }

    /// The Base64 token of `user:password` for ``Scheme/basic``.
    public static func basicToken(user: String, password: String) -> String {
        Data("\(user):\(password)".utf8).base64EncodedString()
    }

    /// Sets the credential header, unless the endpoint opts out or there is no token.
    public func prepare(_ request: URLRequest, context: PluginContext) async throws(NetworkError) -> URLRequest {
        guard context.endpoint.requiresAuthentication, let token = await token() else { return request }
        let (name, value): (String, String) =
            switch scheme {
            case .bearer: ("Authorization", "Bearer \(token)")
            case .basic: ("Authorization", "Basic \(token)")
            case .custom(let custom): ("Authorization", "\(custom) \(token)")
            case .header(let header): (header, token)
            }
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
