import Testing

@testable import TMDB

@Suite("TMDBError")
struct TMDBErrorTests {
    static let notFound = TMDBStatus(statusCode: 34, statusMessage: "The resource you requested could not be found.")

    @Test(
        "One-line descriptions",
        arguments: [
            (TMDBError.invalidPage(0), "invalid page 0: TMDB serves pages 1 to 500"),
            (.invalidLanguage("english"), "invalid language \"english\": use a language tag such as en or en-US"),
            (.invalidRegion("de"), "invalid region \"de\": use an ISO 3166-1 alpha-2 code such as US or DE"),
            (.notFound(notFound), "not found (HTTP 404, code 34): The resource you requested could not be found."),
            (.rateLimited(retryAfter: 2, nil), "rate limited by TMDB (HTTP 429, retry after 2 s)"),
            (.rateLimited(retryAfter: 1.5, nil), "rate limited by TMDB (HTTP 429, retry after 1.5 s)"),
            (.serverError(httpStatus: 502, nil), "TMDB server error (HTTP 502)"),
            (.emptyQuery, "the search query is empty"),
        ])
    func descriptions(error: TMDBError, expected: String) {
        #expect(error.description == expected)
        #expect(error.errorDescription == expected)
        #expect(!expected.contains("\n"))
    }

    @Test("HTTP status and TMDB status accessors")
    func accessors() {
        #expect(TMDBError.notFound(Self.notFound).httpStatus == 404)
        #expect(TMDBError.notFound(Self.notFound).status?.statusCode == 34)
        #expect(TMDBError.unauthorized(httpStatus: 403, nil).httpStatus == 403)
        #expect(TMDBError.invalidPage(0).httpStatus == nil && TMDBError.invalidPage(0).status == nil)
    }
}
