import Testing

@testable import TMDB

@Suite("Paged results")
struct PagedResultsTests {
    @Test("The last page is capped at 500", arguments: [(38029, 500), (79, 79), (500, 500), (0, 1), (1, 1)])
    func lastPage(totalPages: Int, expected: Int) throws {
        let page = try decode(
            MoviePage.self, #"{"page": 1, "results": [], "total_pages": \#(totalPages), "total_results": 0}"#)
        #expect(page.lastPage == expected)
    }

    @Test("An empty search has no next page, whether total_pages is 1 or 0", arguments: [0, 1])
    func emptySearch(totalPages: Int) throws {
        let page = try decode(
            MoviePage.self, #"{"page":1,"results":[],"total_pages":\#(totalPages),"total_results":0}"#)
        #expect(page.results.isEmpty && !page.hasNextPage)
    }

    @Test("Next page exists until the last page, and not past an empty page")
    func nextPage() throws {
        let item = movieJSON()
        let middle = try decode(
            MoviePage.self, #"{"page": 2, "results": [\#(item)], "total_pages": 3, "total_results": 41}"#)
        let last = try decode(
            MoviePage.self, #"{"page": 3, "results": [\#(item)], "total_pages": 3, "total_results": 41}"#)
        let beyond = try decode(MoviePage.self, #"{"page": 4, "results": [], "total_pages": 9, "total_results": 41}"#)
        #expect(middle.hasNextPage && !last.hasNextPage && !beyond.hasNextPage)
    }

    @Test("Key order does not matter, and dates appear only when sent")
    func keyOrder() throws {
        let page = try decode(
            MoviePage.self,
            #"{"results": [], "page": 1, "total_results": 0, "dates": {"maximum": "2024-02-21", "minimum": "2024-01-10"}, "total_pages": 1}"#
        )
        #expect(page.dates?.maximum == "2024-02-21" && page.dates?.minimum == "2024-01-10")
    }
}
