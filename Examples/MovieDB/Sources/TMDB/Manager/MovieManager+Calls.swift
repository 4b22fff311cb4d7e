/// One typed method per ``MovieAPI`` case, with the same labels and defaults.
extension MovieManager {
    /// Movies in theatres now.
    public func nowPlaying(
        page: Int = 1,
        language: String = MovieAPI.defaultLanguage,
        region: String? = nil
    ) async throws(TMDBError) -> MoviePage {
        try await send(.nowPlaying(page: page, language: language, region: region), as: MoviePage.self)
    }

    /// The most popular movies.
    public func popular(
        page: Int = 1,
        language: String = MovieAPI.defaultLanguage,
        region: String? = nil
    ) async throws(TMDBError) -> MoviePage {
        try await send(.popular(page: page, language: language, region: region), as: MoviePage.self)
    }

    /// The best-rated movies.
    public func topRated(
        page: Int = 1,
        language: String = MovieAPI.defaultLanguage,
        region: String? = nil
    ) async throws(TMDBError) -> MoviePage {
        try await send(.topRated(page: page, language: language, region: region), as: MoviePage.self)
    }

    /// Movies coming soon.
    public func upcoming(
        page: Int = 1,
        language: String = MovieAPI.defaultLanguage,
        region: String? = nil
    ) async throws(TMDBError) -> MoviePage {
        try await send(.upcoming(page: page, language: language, region: region), as: MoviePage.self)
    }

    /// Movies whose titles match `query`; a blank query throws ``TMDBError/emptyQuery``.
    public func search(
        query: String,
        page: Int = 1,
        year: Int? = nil,
        primaryReleaseYear: Int? = nil,
        includeAdult: Bool = false,
        language: String = MovieAPI.defaultLanguage,
        region: String? = nil
    ) async throws(TMDBError) -> MoviePage {
        let api = MovieAPI.search(
            query: query, page: page, year: year, primaryReleaseYear: primaryReleaseYear,
            includeAdult: includeAdult, language: language, region: region)
        return try await send(api, as: MoviePage.self)
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
}
