import Foundation

/// Which TMDB-compatible server an app talks to.
public enum TMDBEnvironment: Sendable, Hashable {
    /// `https://api.themoviedb.org/3`.
    case production
    /// TMDB publishes no separate staging host, so this is the production API too; it exists so an
    /// app can keep an environment switch. Point a real staging server at ``custom(_:)``.
    case staging
    /// Any TMDB-compatible server, such as a local fake: the URL that `/movie/popular` is relative to,
    /// for example `http://127.0.0.1:8080/3`.
    case custom(URL)

    /// The URL every path is relative to.
    public var baseURL: URL {
        switch self {
        case .production, .staging: Self.productionURL
        case .custom(let url): url
        }
    }

    /// TMDB's v3 API. The fallback has no host, so building a request from it fails with a typed
    /// `invalidURL` error instead of crashing; it is never used, because the literal is valid.
    private static let productionURL = URL(string: "https://api.themoviedb.org/3") ?? URL(fileURLWithPath: "/")
}
