import ArgumentParser
import TMDB

/// A subcommand that shows one of TMDB's four movie lists.
protocol MovieListCommand: AsyncParsableCommand {
    var global: GlobalOptions { get }
    var paging: PageOption { get }
    var regional: RegionOption { get }
    static var heading: String { get }
    static func api(page: Int, language: String, region: String?) -> MovieAPI
}

extension MovieListCommand {
    func run() async throws {
        let api = Self.api(
            page: paging.page,
            language: global.language ?? MovieAPI.defaultLanguage,
            region: regional.region
        )
        try await CommandRunner(options: global).run(api) { manager, response throws(TMDBError) in
            MovieTable.render(try manager.decode(MoviePage.self, from: response), heading: Self.heading)
        }
    }
}

struct NowPlayingCommand: MovieListCommand {
    static let configuration = CommandConfiguration(commandName: "now-playing", abstract: "Movies in theatres now.")
    static let heading = "Now playing"
    static func api(page: Int, language: String, region: String?) -> MovieAPI {
        .nowPlaying(page: page, language: language, region: region)
    }
    @OptionGroup var paging: PageOption
    @OptionGroup var regional: RegionOption
    @OptionGroup var global: GlobalOptions
}

struct PopularCommand: MovieListCommand {
    static let configuration = CommandConfiguration(commandName: "popular", abstract: "The most popular movies.")
    static let heading = "Popular movies"
    static func api(page: Int, language: String, region: String?) -> MovieAPI {
        .popular(page: page, language: language, region: region)
    }
    @OptionGroup var paging: PageOption
    @OptionGroup var regional: RegionOption
    @OptionGroup var global: GlobalOptions
}

struct TopRatedCommand: MovieListCommand {
    static let configuration = CommandConfiguration(commandName: "top-rated", abstract: "The best-rated movies.")
    static let heading = "Top rated movies"
    static func api(page: Int, language: String, region: String?) -> MovieAPI {
        .topRated(page: page, language: language, region: region)
    }
    @OptionGroup var paging: PageOption
    @OptionGroup var regional: RegionOption
    @OptionGroup var global: GlobalOptions
}

struct UpcomingCommand: MovieListCommand {
    static let configuration = CommandConfiguration(commandName: "upcoming", abstract: "Movies coming soon.")
    static let heading = "Upcoming movies"
    static func api(page: Int, language: String, region: String?) -> MovieAPI {
        .upcoming(page: page, language: language, region: region)
    }
    @OptionGroup var paging: PageOption
    @OptionGroup var regional: RegionOption
    @OptionGroup var global: GlobalOptions
}
