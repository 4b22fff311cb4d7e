/// One page of a TMDB list: `{"page", "results", "total_pages", "total_results"}`, plus `dates` for
/// now playing and upcoming.
public struct PagedResults<Item: Decodable & Sendable & Hashable>: Decodable, Sendable, Hashable {
    /// This page's number, from 1.
    public let page: Int
    /// This page's items; at most 20, and empty past the last page.
    public let results: [Item]
    /// How many pages TMDB reports; it can be far above the 500 it serves.
    public let totalPages: Int
    /// How many items TMDB reports in all.
    public let totalResults: Int
    /// The release window of now playing and upcoming; `nil` for other lists.
    public let dates: DateWindow?

    /// The last page that can be fetched: TMDB serves at most 500.
    public var lastPage: Int { max(1, min(totalPages, MovieAPI.pages.upperBound)) }
    /// Whether another page follows this one.
    public var hasNextPage: Bool { !results.isEmpty && page < lastPage }

    enum CodingKeys: String, CodingKey {
        case page, results, dates
        case totalPages = "total_pages"
        case totalResults = "total_results"
    }

    /// Decodes a page; a missing `results` array counts as empty.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        page = try container.decode(.page, default: 1)
        results = try container.decode(.results, default: [])
        totalPages = try container.decode(.totalPages, default: 0)
        totalResults = try container.decode(.totalResults, default: results.count)
        dates = try container.decodeIfPresent(DateWindow.self, forKey: .dates)
    }
}

/// A page of movies.
public typealias MoviePage = PagedResults<Movie>

/// The `dates` window of now playing and upcoming, as `YYYY-MM-DD` text.
public struct DateWindow: Decodable, Sendable, Hashable {
    /// The first release date in the window.
    public let minimum: String
    /// The last release date in the window.
    public let maximum: String
}
