import Foundation
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The built `moviedb` binary against `scripts/fake_tmdb.py`, over real HTTP on 127.0.0.1.
///
/// `scripts/test.sh` starts the fake server and exports `FAKE_TMDB_URL`. Without it the suite is
/// skipped, unless `NETWORKLAYER_REQUIRE_INTEGRATION=1`, which makes a missing server a failure.
@Suite(
    "moviedb end to end",
    .enabled(if: FakeTMDB.url != nil || FakeTMDB.isRequired, "FAKE_TMDB_URL is not set; run scripts/test.sh"),
    .timeLimit(.minutes(2))
)
struct CLIEndToEndTests {
    func server() throws -> String {
        try #require(FakeTMDB.url, "FAKE_TMDB_URL must be set when NETWORKLAYER_REQUIRE_INTEGRATION=1") + "/3"
    }

    @Test("popular with an API key prints the table, without the sample-data notice")
    func popularWithKey() async throws {
        let run = try await CLI.run(
            ["popular", "--base-url", server()], credentials: ["TMDB_API_KEY": FakeTMDB.apiKey])
        #expect(run.status == 0)
        #expect(run.output.hasPrefix("Popular movies · page 1 of 2 · 35 results"))
        #expect(run.output.contains("   550  Fight Club"))
        #expect(!run.errors.contains("sample data"))
    }

    @Test("The server and the offline sample give the same table")
    func sameAsOffline() async throws {
        let live = try await CLI.run(
            ["now-playing", "--page", "2", "--base-url", server()], credentials: ["TMDB_API_KEY": FakeTMDB.apiKey])
        let offline = try await CLI.run(["now-playing", "--page", "2"], credentials: [:])
        #expect(live.status == 0 && offline.status == 0)
        #expect(live.output == offline.output)
        #expect(offline.errors.contains("sample data"))
    }

    @Test("details with a bearer token")
    func detailsWithToken() async throws {
        let run = try await CLI.run(
            ["details", "550", "--base-url", server()], credentials: ["TMDB_BEARER_TOKEN": FakeTMDB.bearerToken])
        #expect(run.status == 0)
        #expect(run.output.hasPrefix("Fight Club (1999) · id 550"))
        #expect(run.output.contains("Runtime") || run.output.contains("2h 19m"))
    }

    @Test(
        "search, videos, recommendations and genres",
        arguments: [
            (["search", "fight club"], "Search “fight club” · page 1 of 1 · 1 result"),
            (["search", "dune", "--year", "2021"], "Search “dune” · page 1 of 1 · 1 result"),
            (["videos", "550"], "Videos of movie 550 · 3 videos"),
            (["recommendations", "550"], "Recommended for movie 550 · page 1 of 1 · 12 results"),
            (["genres"], "Movie genres · 19 genres"),
        ])
    func otherCommands(arguments: [String], heading: String) async throws {
        let run = try await CLI.run(
            arguments + ["--base-url", server()], credentials: ["TMDB_API_KEY": FakeTMDB.apiKey])
        #expect(run.status == 0)
        #expect(run.output.hasPrefix(heading))
    }

    @Test("A later run is answered from the cache on disk; --no-cache sends again", arguments: [true, false])
    func cachedOnDisk(fromServer: Bool) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("moviedb-cache-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let serverArguments = fromServer ? ["--base-url", try server()] : []
        let arguments = ["details", "550", "--verbose", "--cache-dir", folder.path] + serverArguments
        let credentials = fromServer ? ["TMDB_API_KEY": FakeTMDB.apiKey] : [:]

        let first = try await CLI.run(arguments, credentials: credentials)
        let second = try await CLI.run(arguments, credentials: credentials)
        let uncached = try await CLI.run(arguments + ["--no-cache"], credentials: credentials)

        #expect([first.status, second.status, uncached.status] == [0, 0, 0])
        #expect(first.errors.contains("cache: nothing usable cached; answered by the"))
        #expect(second.errors.contains("cache: answered from the cache; nothing was sent"))
        #expect(uncached.errors.contains("cache: nothing usable cached"))
        #expect(second.output == first.output && first.output.hasPrefix("Fight Club (1999)"))
        let sources = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(sources == [fromServer ? "127.0.0.1-\(FakeTMDB.port ?? 0)" : "sample-data"])
    }

    @Test("--json prints the server's body")
    func json() async throws {
        let run = try await CLI.run(
            ["popular", "--json", "--base-url", server()], credentials: ["TMDB_API_KEY": FakeTMDB.apiKey])
        #expect(run.status == 0)
        let object = try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any]
        #expect(object?["page"] as? Int == 1 && object?["total_results"] as? Int == 35)
    }

    @Test("--verbose logs the exchange to standard error with the key redacted")
    func verbose() async throws {
        let run = try await CLI.run(
            ["genres", "--verbose", "--base-url", server()], credentials: ["TMDB_API_KEY": FakeTMDB.apiKey])
        #expect(run.status == 0)
        #expect(run.errors.contains("→ GET http://127.0.0.1:"))
        #expect(run.errors.contains("api_key=REDACTED"))
        #expect(run.errors.contains("← 200"))
        #expect(!run.errors.contains(FakeTMDB.apiKey) && !run.output.contains(FakeTMDB.apiKey))
    }

    @Test(
        "A wrong key, or none, is one line about HTTP 401 / code 7 and exit status 1",
        arguments: [
            ["TMDB_API_KEY": "wrong-key"], ["TMDB_BEARER_TOKEN": "wrong-token"], [:],
        ])
    func unauthorized(credentials: [String: String]) async throws {
        let run = try await CLI.run(["popular", "--base-url", server()], credentials: credentials)
        #expect(run.status == 1)
        #expect(run.output.isEmpty)
        #expect(
            run.errorLines == [
                "error: TMDB refused the credentials (HTTP 401, code 7): Invalid API key: You must be granted a valid key."
            ])
    }

    @Test(
        "An unknown id is one line about HTTP 404 / code 34 and exit status 1",
        arguments: ["details", "videos", "recommendations"])
    func notFound(command: String) async throws {
        let run = try await CLI.run(
            [command, "1", "--base-url", server()], credentials: ["TMDB_API_KEY": FakeTMDB.apiKey])
        #expect(run.status == 1)
        #expect(
            run.errorLines == ["error: not found (HTTP 404, code 34): The resource you requested could not be found."])
    }

    @Test("Pages 0 and 501 are usage errors, refused before any request", arguments: ["0", "501"])
    func invalidPage(page: String) async throws {
        let run = try await CLI.run(
            ["popular", "--page", page, "--verbose", "--base-url", server()],
            credentials: ["TMDB_API_KEY": FakeTMDB.apiKey])
        #expect(run.status == 64)
        #expect(run.errors == "error: --page must be from 1 to 500, not \(page)\n")
    }

    @Test("With a server, pages past the sample's are sent: the offline limit is the sample's only")
    func serverPagesPastSample() async throws {
        let run = try await CLI.run(
            ["popular", "--page", "3", "--base-url", server()], credentials: ["TMDB_API_KEY": FakeTMDB.apiKey])
        #expect(run.status == 0)
        #expect(run.output.hasPrefix("Popular movies · page 3 (the last page is 2) · 35 results"))
        #expect(run.output.contains("No movies on this page."))
    }

    @Test("429 is retried once after Retry-After, then reported")
    func rateLimited() async throws {
        let start = Date()
        let run = try await CLI.run(
            ["details", "429", "--verbose", "--base-url", server()], credentials: ["TMDB_API_KEY": FakeTMDB.apiKey])
        #expect(run.status == 1)
        #expect(Date().timeIntervalSince(start) >= 1)
        #expect(run.errors.components(separatedBy: "← 429").count - 1 == 2)
        #expect(
            run.errorLines.last?.hasPrefix("error: rate limited by TMDB (HTTP 429, code 25, retry after 1 s)") == true)
    }
}

/// Where the fake server is, from the environment `scripts/test.sh` sets.
enum FakeTMDB {
    static let environment = ProcessInfo.processInfo.environment
    static let url: String? = environment["FAKE_TMDB_URL"].flatMap { $0.isEmpty ? nil : $0 }
    static let isRequired = environment["NETWORKLAYER_REQUIRE_INTEGRATION"] == "1"
    static let apiKey = environment["FAKE_TMDB_API_KEY"] ?? "fake-tmdb-api-key"
    static let bearerToken = environment["FAKE_TMDB_BEARER_TOKEN"] ?? "fake-tmdb-bearer-token"
    static var port: Int? { url.flatMap { URL(string: $0) }?.port }
}
