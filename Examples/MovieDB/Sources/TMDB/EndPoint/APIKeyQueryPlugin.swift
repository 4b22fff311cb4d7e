import Foundation
import NetworkLayer

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Adds TMDB's v3 API key to every request as the `api_key` query item.
///
/// ```swift
/// let plugin = APIKeyQueryPlugin(key: apiKey)
/// let router = Router<MovieAPI>(configuration: RouterConfiguration(plugins: [plugin]))
/// ```
///
/// The item is appended after the endpoint's own query with NetworkLayer's ``URLParameterEncoder``,
/// so it is escaped like every other item. Endpoints that do not
/// ``EndPointType/requiresAuthentication`` go out without it. The description never shows the key,
/// and ``NetworkLogger`` redacts `api_key`.
public struct APIKeyQueryPlugin: PluginType, CustomStringConvertible {
    /// The query item's name: `api_key`.
    public static let itemName = "api_key"

    private let key: String
    private let encoder: URLParameterEncoder

    /// Creates a plugin that sends `key`, written by `encoder`.
    public init(key: String, encoder: URLParameterEncoder = URLParameterEncoder()) {
        self.key = key
        self.encoder = encoder
    }

    /// The request with `api_key` appended to its query.
    public func prepare(_ request: URLRequest, context: PluginContext) async throws(NetworkError) -> URLRequest {
        guard context.endpoint.requiresAuthentication else { return request }
        var request = request
        do {
            try encoder.encode(urlRequest: &request, with: [Self.itemName: key])
        } catch {
            throw NetworkError(.invalidRequest, underlyingError: error)
        }
        return request
    }

    /// The plugin's kind, never the key.
    public var description: String { "APIKeyQueryPlugin(key: REDACTED)" }
}
