/// The series a movie belongs to (`belongs_to_collection`).
public struct MovieCollection: Decodable, Sendable, Hashable, Identifiable {
    /// TMDB's collection id.
    public let id: Int
    /// The collection's name.
    public let name: String
    /// The path of its poster, or `nil`.
    public let posterPath: String?
    /// The path of its backdrop, or `nil`.
    public let backdropPath: String?

    enum CodingKeys: String, CodingKey {
        case id, name
        case posterPath = "poster_path"
        case backdropPath = "backdrop_path"
    }
}

/// A company that made a movie.
public struct ProductionCompany: Decodable, Sendable, Hashable, Identifiable {
    /// TMDB's company id.
    public let id: Int
    /// The company's name.
    public let name: String
    /// The path of its logo, or `nil`.
    public let logoPath: String?
    /// Its ISO-3166-1 country code; `""` when unknown.
    public let originCountry: String?

    enum CodingKeys: String, CodingKey {
        case id, name
        case logoPath = "logo_path"
        case originCountry = "origin_country"
    }
}

/// A country a movie was made in.
public struct ProductionCountry: Decodable, Sendable, Hashable {
    /// The ISO-3166-1 code, such as `KR`.
    public let code: String
    /// The English name.
    public let name: String

    enum CodingKeys: String, CodingKey {
        case code = "iso_3166_1"
        case name
    }
}

/// A language spoken in a movie.
public struct SpokenLanguage: Decodable, Sendable, Hashable {
    /// The ISO-639-1 code, such as `ko`.
    public let code: String
    /// The name in the language itself, such as `한국어/조선말`.
    public let name: String
    /// The English name; missing before 2021.
    public let englishName: String?

    enum CodingKeys: String, CodingKey {
        case code = "iso_639_1"
        case name
        case englishName = "english_name"
    }
}
