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
            """,
        subcommands: [
            NowPlayingCommand.self, PopularCommand.self, TopRatedCommand.self, UpcomingCommand.self,
            SearchCommand.self, DetailsCommand.self, VideosCommand.self, RecommendationsCommand.self,
            GenresCommand.self,
        ]
    )
}
