import ArgumentParser
import TMDB

struct DetailsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "details", abstract: "Everything about one movie.")

    @Argument(help: "The TMDB movie id, such as 550.")
    var id: Int

    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let api = MovieAPI.details(id: id, language: global.language ?? MovieAPI.defaultLanguage)
        try await CommandRunner(options: global).run(api) { manager, response throws(TMDBError) in
            DetailsView.render(try manager.decode(MovieDetails.self, from: response))
        }
    }
}
