import ArgumentParser

/// `moviedb`: browse TMDB from the terminal, or offline from built-in sample data.
@main
struct MovieDB: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "moviedb",
        abstract: "Browse The Movie Database (TMDB) from the terminal.",
        discussion: """
            With TMDB_API_KEY or TMDB_BEARER_TOKEN set, moviedb calls TMDB. Without them it runs \
            offline on built-in sample data. --base-url points it at any TMDB-compatible server.
            Usage errors exit with status 64, failed calls with 1.
            """,
        subcommands: [
            NowPlayingCommand.self, PopularCommand.self, TopRatedCommand.self, UpcomingCommand.self,
            SearchCommand.self, DetailsCommand.self, VideosCommand.self, RecommendationsCommand.self,
            GenresCommand.self,
        ]
    )

    /// Parses and runs a subcommand like ArgumentParser does, except that a usage error is one line on
    /// standard error (no usage block after it) and exits with 64.
    static func main() async {
        do {
            var command = try parseAsRoot()
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            let status = exitCode(for: error)
            if status == .success || error is ExitCode { exit(withError: error) }
            let arguments = Array(CommandLine.arguments.dropFirst())
            Console.error("error: " + UsageHint.line(for: message(for: error), arguments: arguments))
            exit(withError: status)
        }
    }
}
