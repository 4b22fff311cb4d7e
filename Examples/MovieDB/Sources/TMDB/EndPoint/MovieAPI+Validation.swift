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

    /// Throws what TMDB would answer with an error, so that a bad call need not be sent: a page
    /// outside 1…500, a blank search query or too many appended responses.
    ///
    /// ``MovieManager`` calls it before every request.
    public func validate() throws(TMDBError) {
        if let page, !Self.pages.contains(page) { throw .invalidPage(page) }
        if case .search(let query, _, _, _, _, _, _) = self, query.allSatisfy(\.isWhitespace) { throw .emptyQuery }
        if case .details(_, _, let appended) = self, appended.count > Self.maximumAppendedResponses {
            throw .tooManyAppendedResponses(appended.count)
        }
    }
}
