import NetworkLayer

/// The TMDB v3 calls this sample uses, one case per endpoint.
///
/// A case says what to fetch; ``TMDBEndPoint`` adds where (``TMDBEnvironment``) and who is asking
/// (``TMDBCredentials``). Paths, parameters and defaults follow TMDB's documentation.
public enum MovieAPI: Sendable, Hashable {
    /// `GET /movie/now_playing`: movies in theatres; the page carries a `dates` window.
    case nowPlaying(MovieListQuery = MovieListQuery())
    /// `GET /movie/popular`.
    case popular(MovieListQuery = MovieListQuery())
    /// `GET /movie/top_rated`.
    case topRated(MovieListQuery = MovieListQuery())
    /// `GET /movie/upcoming`: the page carries a `dates` window.
    case upcoming(MovieListQuery = MovieListQuery())
    /// `GET /movie/{id}`; `appendToResponse` (at most 20 names, such as `videos`) adds sub-resources.
    case details(id: Int, language: String = MovieAPI.defaultLanguage, appendToResponse: [String] = [])
    /// `GET /movie/{id}/videos`.
    case videos(id: Int, language: String = MovieAPI.defaultLanguage)
    /// `GET /movie/{id}/recommendations`.
    case recommendations(id: Int, page: Int = 1, language: String = MovieAPI.defaultLanguage)
    /// `GET /search/movie`.
    case search(MovieSearchQuery)
    /// `GET /genre/movie/list`.
    case genres(language: String = MovieAPI.defaultGenreLanguage)

    /// TMDB's default language for movies: `en-US`.
    public static let defaultLanguage = "en-US"
    /// TMDB's default language for the genre list: `en`.
    public static let defaultGenreLanguage = "en"
    /// The pages TMDB serves; anything else gets HTTP 400 with status code 22.
    public static let pages = 1...500
    /// The most names `append_to_response` takes; more gets status code 27.
    public static let maximumAppendedResponses = 20

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

    /// The query items of this call, before credentials are added.
    public var parameters: Parameters {
        switch self {
        case .nowPlaying(let list), .popular(let list), .topRated(let list), .upcoming(let list):
            var parameters: Parameters = ["page": list.page, "language": list.language]
            parameters["region"] = list.region
            return parameters
        case .details(_, let language, let appended):
            var parameters: Parameters = ["language": language]
            if !appended.isEmpty { parameters["append_to_response"] = appended.joined(separator: ",") }
            return parameters
        case .videos(_, let language):
            return ["language": language]
        case .recommendations(_, let page, let language):
            return ["page": page, "language": language]
        case .search(let search):
            var parameters: Parameters = [
                "query": search.query,
                "page": search.page,
                "language": search.language,
                // Spelled out, because TMDB reads `true`/`false` and query encoders differ on booleans.
                "include_adult": search.includeAdult ? "true" : "false",
            ]
            parameters["year"] = search.year
            parameters["primary_release_year"] = search.primaryReleaseYear
            parameters["region"] = search.region
            return parameters
        case .genres(let language):
            return ["language": language]
        }
    }

    /// The requested page, for the calls that are paged.
    public var page: Int? {
        switch self {
        case .nowPlaying(let list), .popular(let list), .topRated(let list), .upcoming(let list): list.page
        case .recommendations(_, let page, _): page
        case .search(let search): search.page
        case .details, .videos, .genres: nil
        }
    }

    /// Throws what TMDB would answer with an error, so a bad call is never sent: a page outside
    /// 1…500, a blank search query or too many appended responses.
    public func validate() throws(TMDBError) {
        if let page, !Self.pages.contains(page) { throw .invalidPage(page) }
        if case .search(let search) = self, search.query.allSatisfy(\.isWhitespace) { throw .emptyQuery }
        if case .details(_, _, let appended) = self, appended.count > Self.maximumAppendedResponses {
            throw .tooManyAppendedResponses(appended.count)
        }
    }
}
