import Foundation
import NetworkLayer

/// One TMDB call, ready to send: the ``MovieAPI`` case plus the server and the credentials.
///
/// ```swift
/// let endpoint = TMDBEndPoint(.popular(), environment: .production, credentials: .apiKey(key))
/// let request = try Router<TMDBEndPoint>().makeRequest(for: endpoint)
/// ```
public struct TMDBEndPoint: EndPointType, Hashable {
    /// What to fetch.
    public let api: MovieAPI
    /// Where to fetch it from.
    public let environment: TMDBEnvironment
    /// Who is asking; `nil` sends no credentials.
    public let credentials: TMDBCredentials?

    /// Creates an endpoint.
    public init(_ api: MovieAPI, environment: TMDBEnvironment = .production, credentials: TMDBCredentials? = nil) {
        self.api = api
        self.environment = environment
        self.credentials = credentials
    }

    /// The environment's base URL.
    public var baseURL: URL { environment.baseURL }

    /// The call's path.
    public var path: String { api.path }

    /// The call's query items, plus `api_key` when the credentials are an API key.
    public var task: HTTPTask {
        var query = api.parameters
        if case .apiKey(let key) = credentials { query["api_key"] = key }
        return .requestParameters(bodyParameters: nil, bodyEncoding: .urlEncoding, urlParameters: query)
    }

    /// `Accept: application/json`, plus `Authorization: Bearer …` when the credentials are a token.
    public var headers: HTTPHeaders? {
        var headers: HTTPHeaders = ["Accept": "application/json"]
        if case .bearerToken(let token) = credentials { headers["Authorization"] = "Bearer \(token)" }
        return headers
    }

    /// The built-in sample body for this call, as served offline (see ``SampleCatalog``); for an
    /// unknown id, TMDB's 404 status body.
    public var sampleData: Data {
        SampleCatalog.shared.response(for: api).body
    }
}
