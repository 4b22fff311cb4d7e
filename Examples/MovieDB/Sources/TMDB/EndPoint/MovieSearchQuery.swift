/// The parameters of `GET /search/movie`.
public struct MovieSearchQuery: Sendable, Hashable {
    /// The text to look for. Required: an empty or blank query is rejected before sending.
    public var query: String
    /// The page to fetch, from 1 to 500. Defaults to 1.
    public var page: Int
    /// Only movies released (in any country) in this year, such as `"1999"`; `nil` sends none.
    public var year: String?
    /// Only movies first released in this year; `nil` sends none.
    public var primaryReleaseYear: String?
    /// Whether adult titles may appear. Defaults to `false`, as on TMDB.
    public var includeAdult: Bool
    /// The language of titles and overviews. Defaults to `en-US`.
    public var language: String
    /// An ISO-3166-1 country code for release dates; `nil` sends none.
    public var region: String?

    /// Creates search parameters.
    public init(
        query: String,
        page: Int = 1,
        year: String? = nil,
        primaryReleaseYear: String? = nil,
        includeAdult: Bool = false,
        language: String = MovieAPI.defaultLanguage,
        region: String? = nil
    ) {
        self.query = query
        self.page = page
        self.year = year
        self.primaryReleaseYear = primaryReleaseYear
        self.includeAdult = includeAdult
        self.language = language
        self.region = region
    }
}
