import ArgumentParser
import Foundation

/// Options every subcommand takes.
struct GlobalOptions: ParsableArguments {
    @Option(help: "The language of titles and overviews, such as en-US or de-DE.")
    var language: String?

    @Flag(help: "Print the response body as JSON, exactly as the server sent it.")
    var json = false

    @Flag(help: "Log requests and responses to standard error, with credentials redacted.")
    var verbose = false

    @Option(
        name: .customLong("base-url"),
        help: ArgumentHelp(
            "A TMDB-compatible server to call instead of TMDB, such as http://127.0.0.1:8080/3.",
            discussion: "Credentials from TMDB_API_KEY or TMDB_BEARER_TOKEN are sent to it when set."
        )
    )
    var baseURL: String?

    func validate() throws {
        if let baseURL, Self.serverURL(baseURL) == nil {
            throw ValidationError(
                "--base-url must be an http or https URL with a host, such as http://127.0.0.1:8080/3")
        }
    }

    /// `--base-url` as a URL, once validated.
    var server: URL? { baseURL.flatMap(Self.serverURL) }

    private static func serverURL(_ text: String) -> URL? {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
            let host = url.host, !host.isEmpty
        else { return nil }
        return url
    }
}

/// Options of the paged lists.
struct PageOptions: ParsableArguments {
    @Option(help: "The page to show, from 1 to 500.")
    var page: Int = 1

    @Option(help: "An ISO-3166-1 country code, such as US or DE, that picks the release dates.")
    var region: String?
}
