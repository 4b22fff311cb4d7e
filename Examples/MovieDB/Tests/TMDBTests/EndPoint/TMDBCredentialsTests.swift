import Testing

@testable import TMDB

@Suite("TMDB credentials")
struct TMDBCredentialsTests {
    @Test(
        "Read from the environment; the token wins; blanks count as unset",
        arguments: [
            ([:], nil),
            (["TMDB_API_KEY": "abc"], TMDBCredentials.apiKey("abc")),
            (["TMDB_BEARER_TOKEN": "eyJx"], .bearerToken("eyJx")),
            (["TMDB_API_KEY": "abc", "TMDB_BEARER_TOKEN": "eyJx"], .bearerToken("eyJx")),
            (["TMDB_API_KEY": "  abc \n"], .apiKey("abc")),
            (["TMDB_API_KEY": "   ", "TMDB_BEARER_TOKEN": ""], nil),
        ] as [([String: String], TMDBCredentials?)])
    func fromEnvironment(environment: [String: String], expected: TMDBCredentials?) {
        #expect(TMDBCredentials.fromEnvironment(environment) == expected)
    }

    @Test("Descriptions never show the secret")
    func redactedDescription() {
        for credentials in [TMDBCredentials.apiKey("SECRET"), .bearerToken("SECRET")] {
            #expect(!"\(credentials)".contains("SECRET"))
            #expect(!String(reflecting: credentials).contains("SECRET"))
        }
    }
}
