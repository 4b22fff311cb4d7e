import Foundation

/// A movie as lists, searches and recommendations show it.
///
/// Decoding is lenient where TMDB is: `null` images, `""` dates and overviews, empty genre lists,
/// integer-looking ratings and keys that appear or go away over the years. Unknown keys (such as
/// `media_type` or `origin_country`) are ignored.
public struct Movie: Decodable, Sendable, Hashable, Identifiable {
    /// TMDB's movie id.
    public let id: Int
    /// The title in the requested language.
    public let title: String
    /// The title in the original language, in its own script.
    public let originalTitle: String
    /// The ISO-639-1 code of the original language, such as `en` or `ko`.
    public let originalLanguage: String
    /// The plot summary; `""` when there is none in the requested language.
    public let overview: String
    /// The release date as TMDB sent it: `YYYY-MM-DD`, or `""` when unknown.
    public let releaseDateText: String
    /// The path of the poster image, or `nil` when there is none. See ``ImageURL``.
    public let posterPath: String?
    /// The path of the backdrop image, or `nil` when there is none.
    public let backdropPath: String?
    /// The ids of the movie's genres; see ``Genre``.
    public let genreIds: [Int]
    /// The average rating, 0 to 10.
    public let voteAverage: Double
    /// The number of ratings.
    public let voteCount: Int
    /// TMDB's popularity score.
    public let popularity: Double
    /// Whether the movie is for adults only.
    public let adult: Bool
    /// Whether the entry is a video rather than a movie.
    public let video: Bool

    /// The release date, or `nil` when TMDB does not know it.
    public var releaseDate: Date? { TMDBDate.date(from: releaseDateText) }
    /// The release year, or `nil` when TMDB does not know it.
    public var releaseYear: Int? { TMDBDate.year(from: releaseDateText) }
    /// The poster at `size`, or `nil` when there is none.
    public func posterURL(size: String = "w500") -> URL? { ImageURL.url(for: posterPath, size: size) }

    enum CodingKeys: String, CodingKey {
        case id, title, overview, popularity, adult, video
        case originalTitle = "original_title"
        case originalLanguage = "original_language"
        case releaseDateText = "release_date"
        case posterPath = "poster_path"
        case backdropPath = "backdrop_path"
        case genreIds = "genre_ids"
        case voteAverage = "vote_average"
        case voteCount = "vote_count"
    }

    /// Decodes a movie list item.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(Int.self, forKey: .id)
        title = try container.decode(.title, default: "")
        originalTitle = try container.decode(.originalTitle, default: title)
        originalLanguage = try container.decode(.originalLanguage, default: "")
        overview = try container.decode(.overview, default: "")
        releaseDateText = try container.decode(.releaseDateText, default: "")
        posterPath = try container.decodeIfPresent(String.self, forKey: .posterPath)
        backdropPath = try container.decodeIfPresent(String.self, forKey: .backdropPath)
        genreIds = try container.decode(.genreIds, default: [])
        voteAverage = try container.decode(.voteAverage, default: 0)
        voteCount = try container.decode(.voteCount, default: 0)
        popularity = try container.decode(.popularity, default: 0)
        adult = try container.decode(.adult, default: false)
        video = try container.decode(.video, default: false)
    }
}
