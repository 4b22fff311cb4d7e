import ArgumentParser
import TMDB

struct DetailsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "details", abstract: "Everything about one movie.")

    @OptionGroup var movie: MovieIDArgument

    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let api = MovieAPI.details(id: movie.id, language: global.language ?? MovieAPI.defaultLanguage)
        try await CommandRunner(options: global).run(api) { manager, response throws(TMDBError) in
            DetailsView.render(try manager.decode(MovieDetails.self, from: response))
        }
    }
}
