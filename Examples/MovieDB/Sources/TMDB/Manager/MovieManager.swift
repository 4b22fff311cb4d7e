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
/// Every call is checked with ``MovieAPI/validate()`` before anything is sent (page 1…500, non-blank
/// search, at most 20 appended responses), and every failure is a ``TMDBError``. A 429 with a short
/// `Retry-After` is retried as ``RateLimitPolicy`` says.
public struct MovieManager: Sendable {
    /// Whether the answers are the built-in sample data rather than a server's.
    public let isUsingSampleData: Bool
    /// What happens on HTTP 429.
    public var rateLimitPolicy: RateLimitPolicy
    /// The NetworkLayer manager that sends the calls; its router holds the server and the credentials.
    public let network: NetworkManager<MovieAPI>

    /// Creates a manager that sends calls through `router`, configured for example with
    /// ``NetworkLayer/RouterConfiguration/tmdb(environment:credentials:logger:cache:)``.
    public init(
        router: Router<MovieAPI>,
        rateLimitPolicy: RateLimitPolicy = RateLimitPolicy(),
        isUsingSampleData: Bool = false
    ) {
        self.network = NetworkManager(router: router)
        self.rateLimitPolicy = rateLimitPolicy
        self.isUsingSampleData = isUsingSampleData
    }

    /// Creates a manager that calls the server of `environment` over `transport`, with `credentials`, keeping
    /// responses in `cache` as their headers allow.
    public init(
        environment: TMDBEnvironment = .production,
        credentials: TMDBCredentials?,
        transport: any HTTPTransport = URLSessionTransport(),
        logger: NetworkLogger? = nil,
        cache: HTTPCache? = nil,
        rateLimitPolicy: RateLimitPolicy = RateLimitPolicy()
    ) {
        let configuration = RouterConfiguration.tmdb(
            environment: environment, credentials: credentials, logger: logger, cache: cache)
        self.init(router: Router(configuration: configuration, transport: transport), rateLimitPolicy: rateLimitPolicy)
    }

    /// A manager that answers every call offline from the sample's recorded traffic (``SampleTraffic``),
    /// through NetworkLayer's `HARReplayTransport`: requests are still built, logged, validated and decoded, and
    /// a call the recording lacks fails with ``TMDBError/notRecorded(reason:)``. Every log entry starts with
    /// ``NetworkLayer/NetworkLogger/sampleDataMark``, since nothing goes to the URL it shows. The recorded
    /// answers carry `Cache-Control` and an `ETag` as TMDB's do, so `cache` keeps them the same way.
    public static func sampleData(logger: NetworkLogger? = nil, cache: HTTPCache? = nil) -> MovieManager {
        let transport: any HTTPTransport
        do {
            transport = try SampleTraffic.transport()
        } catch {
            transport = ClosureTransport { _ in throw error }
        }
        let configuration = RouterConfiguration(logger: logger?.markingSampleData(), cache: cache)
        return MovieManager(router: Router(configuration: configuration, transport: transport), isUsingSampleData: true)
    }

    /// The manager a command-line tool wants: a server at `baseURL` (with the environment's
    /// credentials, if any), else TMDB when `environment` holds credentials, else the sample data.
    ///
    /// - Parameter cache: Makes the cache the manager keeps responses in, given the source of the answers
    ///   (``AnswerSource``), so that sample answers never stand in for a server's; `nil` caches nothing.
    public static func automatic(
        baseURL: URL? = nil,
        environment variables: [String: String] = ProcessInfo.processInfo.environment,
        logger: NetworkLogger? = nil,
        cache: ((AnswerSource) -> HTTPCache?)? = nil
    ) -> MovieManager {
        let credentials = TMDBCredentials.fromEnvironment(variables)
        if let baseURL {
            return MovieManager(
                environment: .custom(baseURL), credentials: credentials, logger: logger,
                cache: cache?(.server(baseURL)))
        }
        if let credentials {
            return MovieManager(
                environment: .production, credentials: credentials, logger: logger,
                cache: cache?(.server(TMDBEnvironment.production.baseURL)))
        }
        return sampleData(logger: logger, cache: cache?(.sampleData))
    }

    // MARK: Building blocks

    /// Sends `api` and decodes the body as `Value`.
    public func send<Value: Decodable>(_ api: MovieAPI, as type: Value.Type = Value.self) async throws(TMDBError)
        -> Value
    {
        try decode(type, from: try await response(for: api))
    }

    /// Decodes the body of a response this manager returned, as ``network`` decodes (a plain `JSONDecoder`);
    /// `response.data` is the raw JSON.
    public func decode<Value: Decodable>(_ type: Value.Type, from response: Response) throws(TMDBError) -> Value {
        do {
            return try response.decode(type)
        } catch {
            throw TMDBError(error)
        }
    }

    /// Validates `api` (nothing is sent when that throws), sends it, checks the status and retries
    /// after a short `Retry-After`.
    public func response(for api: MovieAPI) async throws(TMDBError) -> Response {
        try api.validate()
        var retries = 0
        while true {
            let failure: TMDBError
            do {
                return try await network.response(for: api)
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
