import ArgumentParser
import TMDB

struct RecommendationsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "recommendations", abstract: "Movies recommended for fans of a movie.")

    @Argument(help: "The TMDB movie id, such as 550.")
    var id: Int

    @Option(help: "The page to show, from 1 to 500.")
    var page: Int = 1

    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let api = MovieAPI.recommendations(id: id, page: page, language: global.language ?? MovieAPI.defaultLanguage)
        try await CommandRunner(options: global).run(api) { [id] manager, response throws(TMDBError) in
            MovieTable.render(
                try manager.decode(MoviePage.self, from: response), heading: "Recommended for movie \(id)")
        }
    }
}
