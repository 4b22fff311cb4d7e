import Foundation
import NetworkLayer

/// The TMDB v3 calls this sample uses, one case per endpoint.
///
/// Typing `router.request(.` lists every case with its labels, such as `popular(page:language:region:)`;
/// labels with defaults can be left out:
///
/// ```swift
/// let router = Router<MovieAPI>(configuration: .tmdb(credentials: .fromEnvironment(environment)))
/// let response = try await router.request(.popular(page: 2, region: "DE"))
/// ```
///
/// Every endpoint points at TMDB's production API; ``TMDBEnvironment`` moves them all elsewhere
/// through ``RouterConfiguration/baseURL``. Credentials are added by the router's plugins (see
/// ``TMDBCredentials``), never by a case. Paths, parameters and defaults follow TMDB's documentation.
public enum MovieAPI: EndPointType, Hashable {
    /// `GET /movie/now_playing`: movies in theatres; the page carries a `dates` window.
    case nowPlaying(page: Int = 1, language: String = "en-US", region: String? = nil)
    /// `GET /movie/popular`.
    case popular(page: Int = 1, language: String = "en-US", region: String? = nil)
    /// `GET /movie/top_rated`.
    case topRated(page: Int = 1, language: String = "en-US", region: String? = nil)
    /// `GET /movie/upcoming`: the page carries a `dates` window.
    case upcoming(page: Int = 1, language: String = "en-US", region: String? = nil)
    /// `GET /movie/{id}`; `appendToResponse` (at most 20 names, such as `videos`) adds sub-resources.
    case details(id: Int, language: String = "en-US", appendToResponse: [String] = [])
    /// `GET /movie/{id}/videos`.
    case videos(id: Int, language: String = "en-US")
    /// `GET /movie/{id}/recommendations`.
    case recommendations(id: Int, page: Int = 1, language: String = "en-US")
    /// `GET /search/movie`: `query` must not be blank; `year` matches a release in any country,
    /// `primaryReleaseYear` the first release only.
    case search(
        query: String,
        page: Int = 1,
        year: Int? = nil,
        primaryReleaseYear: Int? = nil,
        includeAdult: Bool = false,
        language: String = "en-US",
        region: String? = nil
    )
    /// `GET /genre/movie/list`.
    case genres(language: String = "en")

    /// TMDB's default language for movies, the cases' default: `en-US`.
    public static let defaultLanguage = "en-US"
    /// TMDB's default language for the genre list, the case's default: `en`.
    public static let defaultGenreLanguage = "en"

    /// TMDB's v3 API. The fallback has no host, so building a request from it fails with a typed
    /// `invalidURL` error instead of crashing; it is never used, because the literal is valid.
    public static let productionURL = URL(string: "https://api.themoviedb.org/3") ?? URL(fileURLWithPath: "/")

    /// TMDB's production API, ``productionURL``; ``RouterConfiguration/baseURL`` overrides it.
    public var baseURL: URL { Self.productionURL }

    /// The path below the base URL, without a leading slash.
    public var path: String {
        switch self {
        case .nowPlaying: "movie/now_playing"
        case .popular: "movie/popular"
        case .topRated: "movie/top_rated"
        case .upcoming: "movie/upcoming"
        case .details(let id, _, _): "movie/\(id)"
        case .videos(let id, _): "movie/\(id)/videos"
        case .recommendations(let id, _, _): "movie/\(id)/recommendations"
        case .search: "search/movie"
        case .genres: "genre/movie/list"
        }
    }

    /// The call's ``parameters`` as query items.
    public var task: HTTPTask {
        .requestParameters(bodyParameters: nil, bodyEncoding: .urlEncoding, urlParameters: parameters)
    }

    /// `Accept: application/json`, as TMDB's examples send.
    public var headers: HTTPHeaders? { ["Accept": "application/json"] }

    /// The query items of this call; credentials are not among them.
    public var parameters: Parameters {
        switch self {
        case .nowPlaying(let page, let language, let region), .popular(let page, let language, let region),
            .topRated(let page, let language, let region), .upcoming(let page, let language, let region):
            var parameters: Parameters = ["page": page, "language": language]
            parameters["region"] = region
            return parameters
        case .details(_, let language, let appended):
            var parameters: Parameters = ["language": language]
            if !appended.isEmpty { parameters["append_to_response"] = appended.joined(separator: ",") }
            return parameters
        case .videos(_, let language), .genres(let language):
            return ["language": language]
        case .recommendations(_, let page, let language):
            return ["page": page, "language": language]
        case .search(let query, let page, let year, let primaryReleaseYear, let includeAdult, let language, let region):
            var parameters: Parameters = [
                "query": query,
                "page": page,
                "language": language,
                // Spelled out, because TMDB reads `true`/`false` and query encoders differ on booleans.
                "include_adult": includeAdult ? "true" : "false",
            ]
            parameters["year"] = year
            parameters["primary_release_year"] = primaryReleaseYear
            parameters["region"] = region
            return parameters
        }
    }
}
