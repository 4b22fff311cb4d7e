import ArgumentParser
import TMDB

struct GenresCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "genres", abstract: "Every movie genre.")

    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let api = MovieAPI.genres(language: global.language ?? MovieAPI.defaultGenreLanguage)
        try await CommandRunner(options: global).run(api) { manager, response throws(TMDBError) in
            GenreTable.render(try manager.decode(GenreList.self, from: response).genres)
        }
    }
}
