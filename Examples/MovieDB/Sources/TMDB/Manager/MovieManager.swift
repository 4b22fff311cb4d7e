import Foundation
import NetworkLayer

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The TMDB client: typed async calls on top of NetworkLayer's ``NetworkManager``.
///
/// ```swift
/// let manager = MovieManager(credentials: TMDBCredentials.fromEnvironment(ProcessInfo.processInfo.environment))
/// let popular = try await manager.popular()
/// let movie = try await manager.details(id: popular.results[0].id)
/// ```
///
/// Calls are validated before sending (page 1…500, non-empty search), and every failure is a
/// ``TMDBError``. A 429 with a short `Retry-After` is retried as ``RateLimitPolicy`` says.
public struct MovieManager: Sendable {
    /// The server the calls go to.
    public let environment: TMDBEnvironment
    /// The credentials sent with every call; `nil` sends none.
    public let credentials: TMDBCredentials?
    /// Whether the answers are the built-in sample data rather than a server's.
    public let isUsingSampleData: Bool
    /// What happens on HTTP 429.
    public var rateLimitPolicy: RateLimitPolicy
    /// The NetworkLayer manager that sends the calls.
    public let network: NetworkManager<TMDBEndPoint>

    /// Creates a manager that sends calls through `router`.
    public init(
        router: Router<TMDBEndPoint>,
        environment: TMDBEnvironment = .production,
        credentials: TMDBCredentials?,
        rateLimitPolicy: RateLimitPolicy = RateLimitPolicy(),
        isUsingSampleData: Bool = false
    ) {
        self.network = NetworkManager(router: router)
        self.environment = environment
        self.credentials = credentials
        self.rateLimitPolicy = rateLimitPolicy
        self.isUsingSampleData = isUsingSampleData
    }

    /// Creates a manager that calls a real server over `transport`.
    public init(
        environment: TMDBEnvironment = .production,
        credentials: TMDBCredentials?,
        transport: any HTTPTransport = URLSessionTransport(),
        logger: NetworkLogger? = nil,
        rateLimitPolicy: RateLimitPolicy = RateLimitPolicy()
    ) {
        let router = Router<TMDBEndPoint>(configuration: RouterConfiguration(logger: logger), transport: transport)
        self.init(router: router, environment: environment, credentials: credentials, rateLimitPolicy: rateLimitPolicy)
    }

    /// A manager that answers every call offline from the built-in sample data, through
    /// NetworkLayer's ``StubTransport``: requests are still built, logged, validated and decoded.
    public static func sampleData(logger: NetworkLogger? = nil, delay: TimeInterval = 0) -> MovieManager {
        let stub = StubTransport<TMDBEndPoint>(behavior: delay > 0 ? .delayed(seconds: delay) : .immediate) {
            endpoint in
            SampleCatalog.shared.response(for: endpoint.api).stubResponse
        }
        let router = Router<TMDBEndPoint>(configuration: RouterConfiguration(logger: logger), stub: stub)
        return MovieManager(router: router, credentials: nil, isUsingSampleData: true)
    }

    /// The manager a command-line tool wants: a server at `baseURL` (with the environment's
    /// credentials, if any), else TMDB when `environment` holds credentials, else the sample data.
    public static func automatic(
        baseURL: URL? = nil,
        environment variables: [String: String] = ProcessInfo.processInfo.environment,
        logger: NetworkLogger? = nil
    ) -> MovieManager {
        let credentials = TMDBCredentials.fromEnvironment(variables)
        if let baseURL {
            return MovieManager(environment: .custom(baseURL), credentials: credentials, logger: logger)
        }
        if let credentials {
            return MovieManager(environment: .production, credentials: credentials, logger: logger)
        }
        return sampleData(logger: logger)
    }

    // MARK: Calls

    /// Movies in theatres now.
    public func nowPlaying(_ query: MovieListQuery = MovieListQuery()) async throws(TMDBError) -> MoviePage {
        try await send(.nowPlaying(query), as: MoviePage.self)
    }

    /// The most popular movies.
    public func popular(_ query: MovieListQuery = MovieListQuery()) async throws(TMDBError) -> MoviePage {
        try await send(.popular(query), as: MoviePage.self)
    }

    /// The best-rated movies.
    public func topRated(_ query: MovieListQuery = MovieListQuery()) async throws(TMDBError) -> MoviePage {
        try await send(.topRated(query), as: MoviePage.self)
    }

    /// Movies coming soon.
    public func upcoming(_ query: MovieListQuery = MovieListQuery()) async throws(TMDBError) -> MoviePage {
        try await send(.upcoming(query), as: MoviePage.self)
    }

    /// Movies whose titles match `query`.
    public func search(_ query: MovieSearchQuery) async throws(TMDBError) -> MoviePage {
        try await send(.search(query), as: MoviePage.self)
    }

    /// Everything about one movie; throws ``TMDBError/notFound(_:)`` for an unknown id.
    public func details(
        id: Int,
        language: String = MovieAPI.defaultLanguage,
        appendToResponse: [String] = []
    ) async throws(TMDBError) -> MovieDetails {
        try await send(.details(id: id, language: language, appendToResponse: appendToResponse), as: MovieDetails.self)
    }

    /// A movie's trailers, teasers and clips.
    public func videos(id: Int, language: String = MovieAPI.defaultLanguage) async throws(TMDBError) -> VideoList {
        try await send(.videos(id: id, language: language), as: VideoList.self)
    }

    /// Movies recommended for fans of movie `id`.
    public func recommendations(
        id: Int,
        page: Int = 1,
        language: String = MovieAPI.defaultLanguage
    ) async throws(TMDBError) -> MoviePage {
        try await send(.recommendations(id: id, page: page, language: language), as: MoviePage.self)
    }

    /// Every movie genre.
    public func genres(language: String = MovieAPI.defaultGenreLanguage) async throws(TMDBError) -> [Genre] {
        try await send(.genres(language: language), as: GenreList.self).genres
    }

    // MARK: Building blocks

    /// Sends `api` and decodes the body as `Value`.
    public func send<Value: Decodable>(_ api: MovieAPI, as type: Value.Type = Value.self) async throws(TMDBError)
        -> Value
    {
        try decode(type, from: try await response(for: api))
    }

    /// Decodes the body of a response this manager returned; `response.data` is the raw JSON.
    public func decode<Value: Decodable>(_ type: Value.Type, from response: Response) throws(TMDBError) -> Value {
        do {
            return try network.decode(type, from: response)
        } catch {
            throw TMDBError(error)
        }
    }

    /// The endpoint `api` becomes with this manager's environment and credentials.
    public func endpoint(for api: MovieAPI) -> TMDBEndPoint {
        TMDBEndPoint(api, environment: environment, credentials: credentials)
    }

    /// Validates `api`, sends it, checks the status and retries after a short `Retry-After`.
    public func response(for api: MovieAPI) async throws(TMDBError) -> Response {
        try api.validate()
        let endpoint = endpoint(for: api)
        var retries = 0
        while true {
            let failure: TMDBError
            do {
                return try await network.response(for: endpoint)
            } catch {
                failure = TMDBError(error)
            }
            guard case .rateLimited(let retryAfter, _) = failure,
                let delay = rateLimitPolicy.delay(beforeRetry: retries + 1, retryAfter: retryAfter)
            else { throw failure }
            retries += 1
            do {
                try await rateLimitPolicy.sleep(delay)
            } catch {
                throw .cancelled
            }
        }
    }
}
