import Foundation
import Testing

@testable import TMDB

@Suite("Movie details")
struct MovieDetailsTests {
    static let unreleased = #"""
        {"adult": false, "backdrop_path": null, "belongs_to_collection": null, "budget": 0, "genres": [],
         "homepage": null, "id": 1299001, "imdb_id": null, "original_language": "fi", "original_title": "Revontulet",
         "overview": "", "popularity": 0, "poster_path": null, "production_companies": [], "production_countries": [],
         "release_date": "", "revenue": 0, "runtime": null, "spoken_languages": [], "status": "Post Production",
         "tagline": null, "title": "Northern Lights", "video": false, "vote_average": 0, "vote_count": 0}
        """#

    @Test("Nulls, empty strings and empty arrays of an unreleased title")
    func unreleased() throws {
        let movie = try decode(MovieDetails.self, Self.unreleased)
        #expect(movie.runtime == nil && movie.tagline == nil && movie.homepage == nil && movie.imdbId == nil)
        #expect(movie.releaseDate == nil && movie.posterURL() == nil)
        #expect(movie.genres.isEmpty && movie.productionCompanies.isEmpty && movie.spokenLanguages.isEmpty)
        #expect(movie.originCountry == nil)
        #expect(movie.status == "Post Production")
    }

    @Test("Revenue above 2^31 and appended videos and recommendations")
    func appended() throws {
        let json = #"""
            {"id": 155, "title": "The Dark Knight", "revenue": 2046239637, "budget": 185000000, "origin_country": ["US"],
             "belongs_to_collection": {"id": 263, "name": "The Dark Knight Collection", "poster_path": null},
             "production_companies": [{"id": 1, "logo_path": null, "name": "X", "origin_country": ""}],
             "spoken_languages": [{"iso_639_1": "en", "name": "English"}],
             "videos": {"results": [{"id": "a", "name": "Trailer", "key": "k", "site": "YouTube", "type": "Trailer"}]},
             "recommendations": {"page": 1, "results": [], "total_pages": 0, "total_results": 0}}
            """#
        let movie = try decode(MovieDetails.self, json)
        #expect(movie.revenue == 2_046_239_637)
        #expect(movie.originCountry == ["US"])
        #expect(movie.collection?.name == "The Dark Knight Collection" && movie.collection?.posterPath == nil)
        #expect(movie.productionCompanies.first?.originCountry == "")
        #expect(movie.spokenLanguages.first?.englishName == nil)
        #expect(movie.videos?.id == nil && movie.videos?.results.count == 1)
        #expect(movie.recommendations?.results.isEmpty == true)
    }
}
