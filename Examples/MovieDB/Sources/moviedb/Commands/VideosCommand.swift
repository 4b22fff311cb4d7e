import ArgumentParser
import TMDB

struct VideosCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "videos", abstract: "A movie's trailers, teasers and clips.")

    @OptionGroup var movie: MovieIDArgument

    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let api = MovieAPI.videos(id: movie.id, language: global.language ?? MovieAPI.defaultLanguage)
        try await CommandRunner(options: global).run(api) { [id = movie.id] manager, response throws(TMDBError) in
            VideoTable.render(try manager.decode(VideoList.self, from: response), movieID: id)
        }
    }
}
