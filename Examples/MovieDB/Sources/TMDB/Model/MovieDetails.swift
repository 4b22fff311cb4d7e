import Foundation

/// The body of `GET /movie/{id}`: everything a list item has except `genre_ids`, and more.
///
/// Newer fields (`origin_country`, added in 2024) and nullable ones (`imdb_id`, `homepage`,
/// `tagline`, `runtime`, `belongs_to_collection`) are optional; unknown amounts are 0.
public struct MovieDetails: Decodable, Sendable, Hashable, Identifiable {
    /// TMDB's movie id.
    public let id: Int
    /// The title in the requested language.
    public let title: String
    /// The title in the original language, in its own script.
    public let originalTitle: String
    /// The ISO-639-1 code of the original language.
    public let originalLanguage: String
    /// The plot summary; `""` when there is none in the requested language.
    public let overview: String
    /// The tagline; often `""`, sometimes `nil`.
    public let tagline: String?
    /// The release date as TMDB sent it: `YYYY-MM-DD`, or `""` when unknown.
    public let releaseDateText: String
    /// The running time in minutes; 0 or `nil` when unknown.
    public let runtime: Int?
    /// `Released`, `Post Production`, `In Production`, `Planned`, `Rumored` or `Canceled`.
    public let status: String
    /// The genres.
    public let genres: [Genre]
    /// The average rating, 0 to 10.
    public let voteAverage: Double
    /// The number of ratings.
    public let voteCount: Int
    /// TMDB's popularity score.
    public let popularity: Double
    /// The budget in US dollars; 0 when unknown.
    public let budget: Int
    /// The box-office revenue in US dollars; 0 when unknown. Can exceed 2^31.
    public let revenue: Int
    /// The IMDb id, such as `tt0137523`; `nil` for obscure titles.
    public let imdbId: String?
    /// The official site; often `""`.
    public let homepage: String?
    /// The path of the poster image, or `nil`.
    public let posterPath: String?
    /// The path of the backdrop image, or `nil`.
    public let backdropPath: String?
    /// Whether the movie is for adults only.
    public let adult: Bool
    /// Whether the entry is a video rather than a movie.
    public let video: Bool
    /// The series the movie belongs to, if any.
    public let collection: MovieCollection?
    /// ISO-3166-1 codes of the countries the movie comes from; missing before 2024.
    public let originCountry: [String]?
    /// The companies that made it.
    public let productionCompanies: [ProductionCompany]
    /// The countries it was made in.
    public let productionCountries: [ProductionCountry]
    /// The languages spoken in it.
    public let spokenLanguages: [SpokenLanguage]
    /// The videos, when requested with `append_to_response=videos`.
    public let videos: VideoList?
    /// The recommendations, when requested with `append_to_response=recommendations`.
    public let recommendations: MoviePage?

    /// The release date, or `nil` when TMDB does not know it.
    public var releaseDate: Date? { TMDBDate.date(from: releaseDateText) }
    /// The release year, or `nil` when TMDB does not know it.
    public var releaseYear: Int? { TMDBDate.year(from: releaseDateText) }
    /// The poster at `size`, or `nil` when there is none.
    public func posterURL(size: String = "w500") -> URL? { ImageURL.url(for: posterPath, size: size) }

    enum CodingKeys: String, CodingKey {
        case id, title, overview, tagline, runtime, status, genres, popularity, budget, revenue, homepage
        case adult, video, videos, recommendations
        case originalTitle = "original_title"
        case originalLanguage = "original_language"
        case releaseDateText = "release_date"
        case voteAverage = "vote_average"
        case voteCount = "vote_count"
        case imdbId = "imdb_id"
        case posterPath = "poster_path"
        case backdropPath = "backdrop_path"
        case collection = "belongs_to_collection"
        case originCountry = "origin_country"
        case productionCompanies = "production_companies"
        case productionCountries = "production_countries"
        case spokenLanguages = "spoken_languages"
    }

    /// Decodes movie details.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(Int.self, forKey: .id)
        title = try container.decode(.title, default: "")
        originalTitle = try container.decode(.originalTitle, default: title)
        originalLanguage = try container.decode(.originalLanguage, default: "")
        overview = try container.decode(.overview, default: "")
        tagline = try container.decodeIfPresent(String.self, forKey: .tagline)
        releaseDateText = try container.decode(.releaseDateText, default: "")
        runtime = try container.decodeIfPresent(Int.self, forKey: .runtime)
        status = try container.decode(.status, default: "")
        genres = try container.decode(.genres, default: [])
        voteAverage = try container.decode(.voteAverage, default: 0)
        voteCount = try container.decode(.voteCount, default: 0)
        popularity = try container.decode(.popularity, default: 0)
        budget = try container.decode(.budget, default: 0)
        revenue = try container.decode(.revenue, default: 0)
        imdbId = try container.decodeIfPresent(String.self, forKey: .imdbId)
        homepage = try container.decodeIfPresent(String.self, forKey: .homepage)
        posterPath = try container.decodeIfPresent(String.self, forKey: .posterPath)
        backdropPath = try container.decodeIfPresent(String.self, forKey: .backdropPath)
        adult = try container.decode(.adult, default: false)
        video = try container.decode(.video, default: false)
        collection = try container.decodeIfPresent(MovieCollection.self, forKey: .collection)
        originCountry = try container.decodeIfPresent([String].self, forKey: .originCountry)
        productionCompanies = try container.decode(.productionCompanies, default: [])
        productionCountries = try container.decode(.productionCountries, default: [])
        spokenLanguages = try container.decode(.spokenLanguages, default: [])
        videos = try container.decodeIfPresent(VideoList.self, forKey: .videos)
        recommendations = try container.decodeIfPresent(MoviePage.self, forKey: .recommendations)
    }
}
