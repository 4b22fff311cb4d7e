import NetworkLayer

extension RouterConfiguration {
    /// A configuration for ``MovieAPI``: the environment's base URL, the credentials' plugin and the logger.
    ///
    /// ```swift
    /// let credentials = TMDBCredentials.fromEnvironment(ProcessInfo.processInfo.environment)
    /// let router = Router<MovieAPI>(configuration: .tmdb(credentials: credentials))
    /// ```
    ///
    /// - Parameters:
    ///   - environment: The server; ``TMDBEnvironment/production`` keeps the endpoints' own base URL.
    ///   - credentials: Sent with every request; `nil` sends none.
    ///   - logger: Logs every exchange, credentials redacted; `nil` logs nothing.
    ///   - cache: Keeps responses as long as their `Cache-Control` allows and revalidates them with their
    ///     `ETag`; `nil` caches nothing.
    public static func tmdb(
        environment: TMDBEnvironment = .production,
        credentials: TMDBCredentials?,
        logger: NetworkLogger? = nil,
        cache: HTTPCache? = nil
    ) -> RouterConfiguration {
        RouterConfiguration(
            baseURL: environment.routerBaseURL,
            logger: logger,
            plugins: credentials.map { [$0.plugin] } ?? [],
            cache: cache
        )
    }
}
