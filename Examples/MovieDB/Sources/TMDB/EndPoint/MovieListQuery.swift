/// The parameters shared by TMDB's movie lists: now playing, popular, top rated and upcoming.
public struct MovieListQuery: Sendable, Hashable {
    /// The page to fetch, from 1 to 500. Defaults to 1.
    public var page: Int
    /// The language of titles and overviews, such as `en-US` or `ko-KR`. Defaults to `en-US`.
    public var language: String
    /// An ISO-3166-1 country code, such as `US` or `DE`, that picks the release dates; `nil` sends none.
    public var region: String?

    /// Creates list parameters.
    public init(page: Int = 1, language: String = MovieAPI.defaultLanguage, region: String? = nil) {
        self.page = page
        self.language = language
        self.region = region
    }
}
