import Testing

import struct NetworkLayer.NetworkLogger

@testable import TMDB
@testable import moviedb

/// The built `moviedb` binary, offline: usage errors and the edges of the sample data.
@Suite("moviedb usage", .timeLimit(.minutes(2)))
struct CLIUsageTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let arguments: [String]
        let message: String
        var testDescription: String { "moviedb " + arguments.joined(separator: " ") }
    }

    static let offline = "(set TMDB_API_KEY or TMDB_BEARER_TOKEN for TMDB's 500)"

    @Test(
        "A usage error is one line on standard error, no banner, exit status 64",
        arguments: [
            Case(arguments: ["popular", "--page", "0"], message: "--page must be from 1 to 500, not 0"),
            Case(arguments: ["top-rated", "--page", "501"], message: "--page must be from 1 to 500, not 501"),
            Case(arguments: ["recommendations", "550", "--page", "0"], message: "--page must be from 1 to 500, not 0"),
            Case(
                arguments: ["popular", "--page", "3"],
                message:
                    "--page must be from 1 to 2 offline, not 3: the built-in sample has pages 1 to 2 here \(offline)"),
            Case(
                arguments: ["popular", "--page", "500"],
                message:
                    "--page must be from 1 to 2 offline, not 500: the built-in sample has pages 1 to 2 here \(offline)"),
            Case(
                arguments: ["recommendations", "550", "--page", "2"],
                message:
                    "--page must be from 1 to 1 offline, not 2: the built-in sample has page 1 only here \(offline)"),
            Case(arguments: ["search", ""], message: "<query> must not be blank"),
            Case(arguments: ["search", "  "], message: "<query> must not be blank"),
            Case(
                arguments: ["popular", "--region", "de"],
                message: "--region must be an ISO 3166-1 alpha-2 country code in capitals, such as US or DE, not \"de\""
            ),
            Case(
                arguments: ["upcoming", "--region", "XX"],
                message: "--region must be an ISO 3166-1 alpha-2 country code in capitals, such as US or DE, not \"XX\""
            ),
            Case(
                arguments: ["genres", "--language", "english"],
                message: "--language must be a language tag such as en or en-US (ISO 639-1, optionally with an "
                    + "ISO 3166-1 region), not \"english\""),
            Case(
                arguments: ["details", "550", "--language", "en_US"],
                message: "--language must be a language tag such as en or en-US (ISO 639-1, optionally with an "
                    + "ISO 3166-1 region), not \"en_US\""),
            Case(
                arguments: ["details", "-5"],
                message: "Missing expected argument '<id>'; -5 reads as an option. Movie ids are positive; to pass "
                    + "one that starts with '-', put it after '--': moviedb details -- -5"),
            Case(
                arguments: ["videos", "-7", "--verbose"],
                message: "Missing expected argument '<id>'; -7 reads as an option. Movie ids are positive; to pass "
                    + "one that starts with '-', put it after '--': moviedb videos --verbose -- -7"),
            Case(
                arguments: ["popular", "--page", "-1"],
                message: "Missing value for '--page <page>'; -1 reads as an option: write --page=-1"),
            Case(arguments: ["popular", "--page=-1"], message: "--page must be from 1 to 500, not -1"),
            Case(
                arguments: ["details", "--", "-5"],
                message: "<id> must be a positive TMDB movie id, such as 550, not -5"),
            Case(arguments: ["videos", "0"], message: "<id> must be a positive TMDB movie id, such as 550, not 0"),
            Case(
                arguments: ["popular", "--base-url", "ftp://example.com"],
                message: "--base-url must be an http or https URL with a host, such as http://127.0.0.1:8080/3, "
                    + "not \"ftp://example.com\""),
        ])
    func usageError(_ example: Case) async throws {
        let run = try await CLI.run(example.arguments, credentials: [:])
        #expect(run.status == 64)
        #expect(run.output.isEmpty)
        #expect(run.errors == "error: \(example.message)\n")
    }

    @Test(
        "ArgumentParser's own errors are one line and exit status 64 too",
        arguments: [["popular", "--page", "abc"], ["details"], ["popular", "--no-such-flag"], ["no-such-command"]])
    func parserErrors(arguments: [String]) async throws {
        let run = try await CLI.run(arguments, credentials: [:])
        #expect(run.status == 64)
        #expect(run.output.isEmpty)
        #expect(run.errors.hasPrefix("error: "))
        #expect(run.errors.split(separator: "\n").count == 1)
    }

    @Test(
        "Offline, the sample's last pages and well-formed codes are served",
        arguments: [
            (["popular", "--page", "2"], "Popular movies · page 2 of 2 · 35 results"),
            (["upcoming", "--region", "DE"], "Upcoming movies · page 1 of 1 · 4 results"),
            (["top-rated", "--language", "de-DE", "--page", "2"], "Top rated movies · page 2 of 2 · 32 results"),
            (["search", "dune", "--page", "1"], "Search “dune” · page 1 of 1 · 2 results"),
        ])
    func offlineEdges(arguments: [String], heading: String) async throws {
        let run = try await CLI.run(arguments, credentials: [:])
        #expect(run.status == 0)
        #expect(run.output.hasPrefix(heading))
        #expect(run.errorLines.isEmpty)
    }

    @Test(
        "Offline, a call the recording lacks fails with the closest recorded call and what the sample answers",
        arguments: [["search", "Dune"], ["details", "999999"], ["search", "dune", "--year", "2021"]])
    func offlineUnrecorded(arguments: [String]) async throws {
        let run = try await CLI.run(arguments, credentials: [:])
        #expect(run.status == 1)
        #expect(run.output.isEmpty)
        let lines = run.errors.split(separator: "\n").dropFirst()
        #expect(lines.first?.hasPrefix("error: not in the offline sample: no recorded entry for GET https://") == true)
        #expect(lines.first?.contains("; closest: GET https://api.themoviedb.org/3/") == true)
        #expect(lines.dropFirst().first.map(String.init) == CommandRunner.recordedCallsHint)
    }

    @Test("Offline --verbose marks every logged exchange as replayed from the recorded traffic")
    func offlineVerbose() async throws {
        let run = try await CLI.run(["genres", "--verbose"], credentials: [:])
        #expect(run.status == 0)
        let exchanges = run.errors.split(separator: "\n").filter { $0.contains("→ GET") || $0.contains("← 200") }
        #expect(exchanges.count == 2)
        for line in exchanges {
            #expect(line.hasPrefix(NetworkLogger.sampleDataMark))
        }
    }
}
