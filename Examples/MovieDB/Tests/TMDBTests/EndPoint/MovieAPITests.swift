import Testing

@testable import TMDB

@Suite("MovieAPI")
struct MovieAPITests {
    @Test("Pages outside 1…500 are rejected", arguments: [0, -1, 501, 1000, Int.min, Int.max])
    func invalidPages(_ page: Int) {
        let calls: [MovieAPI] = [
            .nowPlaying(MovieListQuery(page: page)), .popular(MovieListQuery(page: page)),
            .topRated(MovieListQuery(page: page)), .upcoming(MovieListQuery(page: page)),
            .recommendations(id: 550, page: page), .search(MovieSearchQuery(query: "x", page: page)),
        ]
        for call in calls {
            #expect(throws: TMDBError.invalidPage(page)) { try call.validate() }
        }
    }

    @Test("Pages 1 and 500 are accepted", arguments: [1, 2, 500])
    func validPages(_ page: Int) throws {
        try MovieAPI.popular(MovieListQuery(page: page)).validate()
        try MovieAPI.search(MovieSearchQuery(query: "fight club", page: page)).validate()
        #expect(MovieAPI.popular(MovieListQuery(page: page)).page == page)
    }

    @Test("A blank search query is rejected", arguments: ["", "   ", "\n\t"])
    func blankQuery(_ query: String) {
        #expect(throws: TMDBError.emptyQuery) { try MovieAPI.search(MovieSearchQuery(query: query)).validate() }
    }

    @Test("More than 20 appended responses are rejected")
    func appendLimit() throws {
        let names = (1...21).map { "item\($0)" }
        #expect(throws: TMDBError.tooManyAppendedResponses(21)) {
            try MovieAPI.details(id: 550, appendToResponse: names).validate()
        }
        try MovieAPI.details(id: 550, appendToResponse: Array(names.prefix(20))).validate()
    }

    @Test("Unpaged calls have no page")
    func unpaged() {
        #expect(MovieAPI.details(id: 550).page == nil)
        #expect(MovieAPI.videos(id: 550).page == nil)
        #expect(MovieAPI.genres().page == nil)
    }
}
