import Foundation
import Testing

@testable import TMDB

@Suite("Movie list items")
struct MovieTests {
    @Test("A complete item decodes every field")
    func complete() throws {
        let movie = try decode(Movie.self, movieJSON())
        #expect(movie.id == 550 && movie.title == "Fight Club" && movie.originalTitle == "Fight Club")
        #expect(movie.genreIds == [18, 53])
        #expect(movie.voteAverage == 8.4 && movie.voteCount == 100 && movie.popularity == 61.416)
        #expect(movie.releaseYear == 1999)
        #expect(movie.posterURL()?.absoluteString == "https://image.tmdb.org/t/p/w500/p.jpg")
    }

    @Test("Null poster and backdrop mean no image")
    func nullImages() throws {
        let movie = try decode(Movie.self, movieJSON(["poster_path": "null", "backdrop_path": "null"]))
        #expect(movie.posterPath == nil && movie.backdropPath == nil)
        #expect(movie.posterURL() == nil)
    }

    @Test("An empty release date is no date")
    func emptyReleaseDate() throws {
        let movie = try decode(Movie.self, movieJSON(["release_date": "\"\""]))
        #expect(movie.releaseDateText.isEmpty)
        #expect(movie.releaseDate == nil && movie.releaseYear == nil)
    }

    @Test("Integer-looking ratings and popularity decode as Double", arguments: ["7", "8.0", "0", "6.402"])
    func integerRating(_ literal: String) throws {
        let movie = try decode(Movie.self, movieJSON(["vote_average": literal, "popularity": literal]))
        #expect(movie.voteAverage == Double(literal))
        #expect(movie.popularity == Double(literal))
    }

    @Test("Unknown keys such as media_type and origin_country are ignored")
    func unknownKeys() throws {
        let movie = try decode(
            Movie.self, movieJSON(extra: #""media_type": "movie", "origin_country": ["US"], "new_field": {"x": 1}"#))
        #expect(movie.id == 550)
    }

    @Test("Missing optional keys take TMDB's empty values")
    func missingKeys() throws {
        let json = #"{"id": 994816, "title": "بلا عنوان"}"#
        let movie = try decode(Movie.self, json)
        #expect(movie.originalTitle == "بلا عنوان")
        #expect(movie.genreIds.isEmpty && movie.overview.isEmpty && movie.voteCount == 0)
        #expect(movie.releaseDate == nil)
    }

    @Test(
        "Titles in any script survive decoding",
        arguments: ["기생충", "千と千尋の神隠し", "Мир Юрского периода 2", "सिकंदर", "Amélie — “Le Fabuleux Destin” ²"])
    func unicodeTitles(_ title: String) throws {
        let escaped = title.replacingOccurrences(of: "\"", with: "\\\"")
        let movie = try decode(Movie.self, movieJSON(["title": "\"\(escaped)\"", "original_title": "\"\(escaped)\""]))
        #expect(movie.title.precomposedStringWithCanonicalMapping == title.precomposedStringWithCanonicalMapping)
    }

    @Test("A missing id is a decoding error")
    func missingID() {
        #expect(throws: DecodingError.self) { try decode(Movie.self, movieJSON(["id": "<missing>"])) }
    }
}
