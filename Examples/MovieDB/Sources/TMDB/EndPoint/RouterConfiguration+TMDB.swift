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
    public static func tmdb(
        environment: TMDBEnvironment = .production,
        credentials: TMDBCredentials?,
        logger: NetworkLogger? = nil
    ) -> RouterConfiguration {
        RouterConfiguration(
            baseURL: environment.routerBaseURL,
            logger: logger,
            plugins: credentials.map { [$0.plugin] } ?? []
        )
    }
}
