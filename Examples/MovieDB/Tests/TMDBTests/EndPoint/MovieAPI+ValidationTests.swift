import Testing

@testable import TMDB

@Suite("MovieAPI validation")
struct MovieAPIValidationTests {
    static func pagedCalls(page: Int) -> [MovieAPI] {
        [
            .nowPlaying(page: page), .popular(page: page), .topRated(page: page), .upcoming(page: page),
            .recommendations(id: 550, page: page), .search(query: "x", page: page),
        ]
    }

    @Test("Pages outside 1…500 are rejected", arguments: [0, -1, 501, 1000, Int.min, Int.max])
    func invalidPages(_ page: Int) {
        for call in Self.pagedCalls(page: page) {
            #expect(throws: TMDBError.invalidPage(page)) { try call.validate() }
        }
    }

    @Test("Pages 1 to 500 are accepted", arguments: [1, 2, 500])
    func validPages(_ page: Int) throws {
        for call in Self.pagedCalls(page: page) {
            try call.validate()
            #expect(call.page == page)
        }
    }

    @Test("A blank search query is rejected", arguments: ["", "   ", "\n\t"])
    func blankQuery(_ query: String) {
        #expect(throws: TMDBError.emptyQuery) { try MovieAPI.search(query: query).validate() }
    }

    @Test(
        "Languages and regions must be codes TMDB knows",
        arguments: [
            (MovieAPI.popular(language: "english"), TMDBError.invalidLanguage("english")),
            (.details(id: 550, language: "en_US"), .invalidLanguage("en_US")),
            (.genres(language: ""), .invalidLanguage("")),
            (.videos(id: 550, language: "en-XX"), .invalidLanguage("en-XX")),
            (.upcoming(region: "de"), .invalidRegion("de")),
            (.search(query: "heat", region: "USA"), .invalidRegion("USA")),
            (.nowPlaying(region: "XX"), .invalidRegion("XX")),
        ])
    func invalidLocale(call: MovieAPI, error: TMDBError) {
        #expect(throws: error) { try call.validate() }
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
