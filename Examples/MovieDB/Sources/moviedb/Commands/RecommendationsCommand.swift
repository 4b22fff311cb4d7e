import ArgumentParser
import TMDB

struct RecommendationsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "recommendations", abstract: "Movies recommended for fans of a movie.")

    @OptionGroup var movie: MovieIDArgument

    @OptionGroup var paging: PageOption

    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let api = MovieAPI.recommendations(
            id: movie.id, page: paging.page, language: global.language ?? MovieAPI.defaultLanguage)
        try await CommandRunner(options: global).run(api) { [id = movie.id] manager, response throws(TMDBError) in
            MovieTable.render(
                try manager.decode(MoviePage.self, from: response), heading: "Recommended for movie \(id)")
        }
    }
}
