import Foundation
import Testing

@testable import TMDB

@Suite("Sample catalog")
struct SampleCatalogTests {
    let catalog = SampleCatalog.shared

    func page(_ api: MovieAPI) throws -> MoviePage {
        let response = catalog.response(for: api)
        #expect(response.statusCode == 200)
        return try JSONDecoder().decode(MoviePage.self, from: response.body)
    }

    static let lists: [MovieAPI] = [.nowPlaying(), .popular(), .topRated(), .upcoming()]

    @Test("Every listed movie has details, so details work after any list", arguments: lists)
    func consistentIDs(_ list: MovieAPI) throws {
        let first = try page(list)
        var movies = first.results
        if first.lastPage > 1 {
            for number in 2...first.lastPage {
                let api: MovieAPI =
                    switch list {
                    case .nowPlaying: .nowPlaying(page: number)
                    case .topRated: .topRated(page: number)
                    case .upcoming: .upcoming(page: number)
                    default: .popular(page: number)
                    }
                movies += try page(api).results
            }
        }
        #expect(movies.count == first.totalResults)
        for movie in movies {
            let details = try JSONDecoder().decode(
                MovieDetails.self, from: catalog.response(for: .details(id: movie.id)).body)
            #expect(details.id == movie.id && details.title == movie.title)
            #expect(Set(details.genres.map(\.id)) == Set(movie.genreIds))
        }
    }

    @Test("Pages hold 20 items; dates only on now playing and upcoming", arguments: lists)
    func pageShape(_ list: MovieAPI) throws {
        let first = try page(list)
        #expect(first.results.count == min(20, first.totalResults))
        switch list {
        case .nowPlaying, .upcoming: #expect(first.dates != nil)
        default: #expect(first.dates == nil)
        }
    }

    @Test("A page past the end is empty, a page outside 1…500 is TMDB's code 22")
    func paging() throws {
        #expect(try page(.popular(page: 3)).results.isEmpty)
        let invalid = catalog.response(for: .popular(page: 0))
        #expect(invalid.statusCode == 400)
        #expect(try JSONDecoder().decode(TMDBStatus.self, from: invalid.body).statusCode == 22)
    }

    @Test("Search matches titles in any case and script, filters the years")
    func search() throws {
        #expect(try page(.search(query: "fight CLUB")).results.map(\.id) == [550])
        #expect(try page(.search(query: "기생충")).results.map(\.id) == [496243])
        #expect(try page(.search(query: "dune", year: 2021)).results.map(\.id) == [438631])
        #expect(try page(.search(query: "dune", primaryReleaseYear: 2024)).results.map(\.id) == [693134])
        let none = try page(.search(query: "no such movie"))
        #expect(none.results.isEmpty && none.totalPages == 1 && none.totalResults == 0)
    }

    @Test("Edge cases are in the sample: empty dates, null images, integer ratings")
    func edgeCases() throws {
        let upcoming = try page(.upcoming())
        #expect(upcoming.results.contains { $0.releaseDate == nil && $0.posterPath == nil })
        let raw = String(decoding: catalog.response(for: .upcoming()).body, as: UTF8.self)
        #expect(raw.contains(#""vote_average":7,"#) || raw.contains(#""vote_average":7}"#))
    }

    @Test("Details can append videos and recommendations")
    func appended() throws {
        let body = catalog.response(for: .details(id: 550, appendToResponse: ["videos", "recommendations"])).body
        let details = try JSONDecoder().decode(MovieDetails.self, from: body)
        #expect(details.videos?.results.count == 3)
        #expect(details.recommendations?.results.first?.id == 680)
    }
}

@Suite("Sample catalog pages")
struct SampleCatalogPagesTests {
    @Test(
        "The pages each paged call has offline",
        arguments: [
            (MovieAPI.popular(), 1...2), (.nowPlaying(page: 7), 1...2), (.recommendations(id: 550), 1...1),
            (.search(query: "dune"), 1...1), (.search(query: "no such title"), 1...1),
        ])
    func pages(api: MovieAPI, expected: ClosedRange<Int>) {
        #expect(SampleCatalog.shared.pages(for: api) == expected)
    }

    @Test(
        "Calls without pages, and unknown movies, have none",
        arguments: [
            MovieAPI.details(id: 550), .videos(id: 550), .genres(), .recommendations(id: 1),
        ])
    func noPages(api: MovieAPI) {
        #expect(SampleCatalog.shared.pages(for: api) == nil)
    }

    @Test("The pages agree with the responses' total_pages", arguments: SampleCatalogTests.lists)
    func agreeWithResponses(api: MovieAPI) throws {
        let response = SampleCatalog.shared.response(for: api)
        let page = try JSONDecoder().decode(MoviePage.self, from: response.body)
        #expect(SampleCatalog.shared.pages(for: api)?.upperBound == page.lastPage)
    }
}
