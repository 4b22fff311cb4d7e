extension MovieAPI {
    /// The pages TMDB serves; anything else gets HTTP 400 with status code 22.
    public static let pages = 1...500
    /// The most names `append_to_response` takes; more gets status code 27.
    public static let maximumAppendedResponses = 20

    /// The requested page, for the calls that are paged.
    public var page: Int? {
        switch self {
        case .nowPlaying(let page, _, _), .popular(let page, _, _), .topRated(let page, _, _),
            .upcoming(let page, _, _), .recommendations(_, let page, _), .search(_, let page, _, _, _, _, _):
            page
        case .details, .videos, .genres:
            nil
        }
    }

    /// The requested language, such as `en-US`.
    public var language: String {
        switch self {
        case .nowPlaying(_, let language, _), .popular(_, let language, _), .topRated(_, let language, _),
            .upcoming(_, let language, _), .details(_, let language, _), .videos(_, let language),
            .recommendations(_, _, let language), .search(_, _, _, _, _, let language, _), .genres(let language):
            language
        }
    }

    /// The requested region, for the calls that take one.
    public var region: String? {
        switch self {
        case .nowPlaying(_, _, let region), .popular(_, _, let region), .topRated(_, _, let region),
            .upcoming(_, _, let region), .search(_, _, _, _, _, _, let region):
            region
        case .details, .videos, .recommendations, .genres:
            nil
        }
    }

    /// Throws what TMDB would answer with an error, so that a bad call need not be sent: a page
    /// outside 1…500, a blank search query, too many appended responses, or a language or region that is
    /// not a code TMDB knows (see ``LocaleCodes``).
    ///
    /// ``MovieManager`` calls it before every request.
    public func validate() throws(TMDBError) {
        if let page, !Self.pages.contains(page) { throw .invalidPage(page) }
        if case .search(let query, _, _, _, _, _, _) = self, query.allSatisfy(\.isWhitespace) { throw .emptyQuery }
        if !LocaleCodes.isLanguage(language) { throw .invalidLanguage(language) }
        if let region, !LocaleCodes.isRegion(region) { throw .invalidRegion(region) }
        if case .details(_, _, let appended) = self, appended.count > Self.maximumAppendedResponses {
            throw .tooManyAppendedResponses(appended.count)
        }
    }
}
