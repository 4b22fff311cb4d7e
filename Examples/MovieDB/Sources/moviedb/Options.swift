import ArgumentParser
import Foundation
import TMDB

/// Options every subcommand takes.
struct GlobalOptions: ParsableArguments {
    @Option(help: "The language of titles and overviews: a language tag such as en, en-US or de-DE.")
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

    @Option(
        name: .customLong("cache-dir"),
        help: ArgumentHelp(
            "Where responses are cached, for as long as their Cache-Control allows.",
            discussion:
                "Defaults to $XDG_CACHE_HOME/moviedb, else the user's caches folder (~/.cache/moviedb on Linux)."
        )
    )
    var cacheDirectory: String?

    @Flag(name: .customLong("no-cache"), help: "Send every call, without reading or writing the cache.")
    var noCache = false

    func validate() throws {
        if let language, !LocaleCodes.isLanguage(language) {
            throw ValidationError(
                "--language must be a language tag such as en or en-US (ISO 639-1, optionally with an ISO 3166-1 "
                    + "region), not \"\(language)\"")
        }
        if let baseURL, Self.serverURL(baseURL) == nil {
            throw ValidationError(
                "--base-url must be an http or https URL with a host, such as http://127.0.0.1:8080/3, "
                    + "not \"\(baseURL)\"")
        }
        if cacheDirectory?.isEmpty == true {
            throw ValidationError("--cache-dir must name a folder, such as ~/.cache/moviedb, not an empty string")
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

/// The page of a paged call.
struct PageOption: ParsableArguments {
    @Option(help: "The page to show, from 1 to 500 (offline, the pages of the built-in sample).")
    var page: Int = 1

    func validate() throws {
        guard MovieAPI.pages.contains(page) else {
            throw ValidationError(
                "--page must be from \(MovieAPI.pages.lowerBound) to \(MovieAPI.pages.upperBound), not \(page)")
        }
    }
}

/// The country whose release dates a list uses.
struct RegionOption: ParsableArguments {
    @Option(help: "An ISO 3166-1 alpha-2 country code, such as US or DE, that picks the release dates.")
    var region: String?

    func validate() throws {
        if let region, !LocaleCodes.isRegion(region) {
            throw ValidationError(
                "--region must be an ISO 3166-1 alpha-2 country code in capitals, such as US or DE, not \"\(region)\"")
        }
    }
}

/// The movie a subcommand is about.
struct MovieIDArgument: ParsableArguments {
    @Argument(help: "The TMDB movie id, such as 550.")
    var id: Int

    func validate() throws {
        guard id > 0 else { throw ValidationError("<id> must be a positive TMDB movie id, such as 550, not \(id)") }
    }
}
