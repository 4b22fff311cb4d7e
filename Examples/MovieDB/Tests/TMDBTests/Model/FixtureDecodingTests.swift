import Foundation
import Testing

@testable import TMDB

/// The models against every recorded TMDB response in `../shared/fixtures/tmdb`.
// Enabled only when ../shared is next to the repository: CI always has it, a user's clone may not.
@Suite("Recorded TMDB responses", .enabled(if: SharedFixtures.isAvailable, SharedFixtures.skipReason))
struct FixtureDecodingTests {
    @Test("Every recorded file decodes into its model", arguments: SharedFixtures.files)
    func decodes(_ file: String) throws {
        let data = try SharedFixtures.data(file)
        switch file {
        case let name where name.hasPrefix("error_"):
            let status = try JSONDecoder().decode(TMDBStatus.self, from: data)
            #expect(!status.statusMessage.isEmpty)
            #expect(status.success == false)
        case let name where name.hasPrefix("movie_details_"):
            let details = try JSONDecoder().decode(MovieDetails.self, from: data)
            #expect(details.id > 0 && !details.title.isEmpty)
        case let name where name.hasPrefix("movie_videos_"):
            let videos = try JSONDecoder().decode(VideoList.self, from: data)
            #expect(!videos.results.isEmpty)
            #expect(videos.results.allSatisfy { !$0.key.isEmpty && $0.watchURL != nil })
        default:
            let page = try JSONDecoder().decode(MoviePage.self, from: data)
            #expect(page.page == 1 && page.results.count == 20)
        }
    }

    @Test("Every .json file in the folder is covered")
    func coversEveryFile() throws {
        #expect(try SharedFixtures.jsonFilesOnDisk() == SharedFixtures.files.sorted())
    }

    @Test("Error bodies carry TMDB's code and message")
    func errorBodies() throws {
        let invalidKey = try JSONDecoder().decode(
            TMDBStatus.self, from: SharedFixtures.data("error_401_invalid_api_key.json"))
        let notFound = try JSONDecoder().decode(TMDBStatus.self, from: SharedFixtures.data("error_404_not_found.json"))
        #expect(
            invalidKey == TMDBStatus(statusCode: 7, statusMessage: "Invalid API key: You must be granted a valid key."))
        #expect(notFound.statusCode == 34)
        #expect(notFound.statusMessage == "The resource you requested could not be found.")
    }

    @Test("Korean details: Hangul title, no collection, zero budget, no origin_country yet")
    func koreanDetails() throws {
        let movie = try JSONDecoder().decode(MovieDetails.self, from: SharedFixtures.data("movie_details_843794.json"))
        #expect(movie.id == 843794 && movie.title == "JUNG_E")
        #expect(movie.originalTitle == "정이")
        #expect(movie.spokenLanguages.first?.name == "한국어/조선말")
        #expect(movie.collection == nil)
        #expect(movie.budget == 0 && movie.revenue == 0)
        #expect(movie.originCountry == nil)
        #expect(movie.releaseYear == 2023)
        #expect(movie.genres.map(\.id) == [878, 28, 12])
    }

    @Test("Videos keep every item, whatever its key order")
    func videos() throws {
        let list = try JSONDecoder().decode(VideoList.self, from: SharedFixtures.data("movie_videos_58.json"))
        #expect(list.id == 58)
        #expect(list.results.count == 5)
        #expect(list.results.last?.publishedAt == "2011-11-19T14:30:02.000Z")
        #expect(list.results.filter { $0.type == "Trailer" }.count == 2)
    }

    @Test("Search example: null images and empty release dates")
    func fightClubSearch() throws {
        let page = try JSONDecoder().decode(
            MoviePage.self, from: SharedFixtures.data("search_movie_fight_club_docs_example.json"))
        #expect(page.results.filter { $0.posterPath == nil }.count == 6)
        #expect(page.results.filter { $0.backdropPath == nil }.count == 16)
        let undated = page.results.filter { $0.releaseDateText.isEmpty }
        #expect(undated.count == 2)
        #expect(undated.allSatisfy { $0.releaseDate == nil && $0.releaseYear == nil })
        #expect(page.results.contains { $0.genreIds.isEmpty })
        #expect(page.totalPages == 2 && page.totalResults == 39 && page.dates == nil)
        #expect(page.hasNextPage)
    }

    @Test("2018 Russian page: integer rating, empty overviews, dates after results")
    func russianNowPlaying() throws {
        let page = try JSONDecoder().decode(MoviePage.self, from: SharedFixtures.data("now_playing_ru_2018-07.json"))
        #expect(page.dates == DateWindow(minimum: "2018-05-22", maximum: "2018-07-09"))
        #expect(page.results.filter(\.overview.isEmpty).count == 2)
        #expect(page.results.contains { $0.voteAverage == 6 })
        #expect(page.results.first?.title == "Мир Юрского периода 2")
        #expect(page.totalPages == 49)
    }

    @Test("2023 English page: dates window and 79 pages")
    func englishNowPlaying() throws {
        let page = try JSONDecoder().decode(MoviePage.self, from: SharedFixtures.data("now_playing_en-US_2023-08.json"))
        #expect(page.dates == DateWindow(minimum: "2023-07-11", maximum: "2023-08-28"))
        #expect(page.totalPages == 79 && page.lastPage == 79)
        #expect(page.results.allSatisfy { $0.posterURL() != nil })
    }
}
