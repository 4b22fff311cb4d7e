/// A movie genre, such as 18 "Drama". Names follow the requested language.
public struct Genre: Decodable, Sendable, Hashable, Identifiable {
    /// TMDB's genre id.
    public let id: Int
    /// The genre's name.
    public let name: String

    /// Creates a genre.
    public init(id: Int, name: String) {
        self.id = id
        self.name = name
    }
}

/// The body of `GET /genre/movie/list`.
public struct GenreList: Decodable, Sendable, Hashable {
    /// Every movie genre.
    public let genres: [Genre]
}
