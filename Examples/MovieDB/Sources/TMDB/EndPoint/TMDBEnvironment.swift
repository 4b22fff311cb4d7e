import Foundation
import NetworkLayer

/// Which TMDB-compatible server an app talks to.
///
/// Every ``MovieAPI`` endpoint points at production; an environment moves them all at once through
/// ``RouterConfiguration/baseURL``, which ``routerBaseURL`` gives.
public enum TMDBEnvironment: Sendable, Hashable {
    /// `https://api.themoviedb.org/3`.
    case production
    /// TMDB publishes no separate staging host, so this is the production API too; it exists so an
    /// app can keep an environment switch. Point a real staging server at ``custom(_:)``.
    case staging
    /// Any TMDB-compatible server, such as a local fake: the URL that `/movie/popular` is relative to,
    /// for example `http://127.0.0.1:8080/3`.
    case custom(URL)

    /// The base URL a router's configuration needs: `nil` for production, which keeps the endpoints' own.
    public var routerBaseURL: URL? {
        switch self {
        case .production: nil
        case .staging: Self.stagingURL
        case .custom(let url): url
        }
    }

    /// The URL every path is relative to.
    public var baseURL: URL { routerBaseURL ?? MovieAPI.productionURL }

    /// TMDB has no staging host of its own.
    private static let stagingURL = MovieAPI.productionURL
}
