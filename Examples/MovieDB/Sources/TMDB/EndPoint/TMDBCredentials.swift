import NetworkLayer

/// How requests prove they may use TMDB. Both kinds give the same access to v3.
///
/// Credentials come from the environment, never from source code. A router sends them through
/// ``plugin``. Their descriptions are redacted, so printing or logging one does not leak it.
public enum TMDBCredentials: Sendable, Hashable {
    /// The short v3 API key, sent as the `api_key` query item.
    case apiKey(String)
    /// The API Read Access Token (a JWT starting `eyJ`), sent as `Authorization: Bearer …`.
    case bearerToken(String)

    /// The variable that holds a v3 API key.
    public static let apiKeyVariable = "TMDB_API_KEY"
    /// The variable that holds an API Read Access Token.
    public static let bearerTokenVariable = "TMDB_BEARER_TOKEN"

    /// The credentials in `environment`: `TMDB_BEARER_TOKEN` if set (TMDB's recommended kind),
    /// else `TMDB_API_KEY`, else `nil`. Blank values count as unset.
    public static func fromEnvironment(_ environment: [String: String]) -> TMDBCredentials? {
        func value(_ name: String) -> String? {
            guard let raw = environment[name]?.trimmingWhitespace(), !raw.isEmpty else { return nil }
            return raw
        }
        if let token = value(bearerTokenVariable) { return .bearerToken(token) }
        if let key = value(apiKeyVariable) { return .apiKey(key) }
        return nil
    }

    /// The plugin that adds these credentials to every request: an ``APIKeyQueryPlugin`` for a key,
    /// NetworkLayer's ``AccessTokenPlugin`` with the Bearer scheme for a token.
    public var plugin: any PluginType {
        switch self {
        case .apiKey(let key): APIKeyQueryPlugin(key: key)
        case .bearerToken(let token): AccessTokenPlugin(scheme: .bearer) { token }
        }
    }
}

extension TMDBCredentials: CustomStringConvertible, CustomDebugStringConvertible {
    /// The kind of credential, never its value.
    public var description: String {
        switch self {
        case .apiKey: "apiKey(REDACTED)"
        case .bearerToken: "bearerToken(REDACTED)"
        }
    }

    /// The same as ``description``.
    public var debugDescription: String { description }
}

extension String {
    func trimmingWhitespace() -> String {
        String(drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }
}
