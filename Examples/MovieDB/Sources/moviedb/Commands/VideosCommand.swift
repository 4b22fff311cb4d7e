import ArgumentParser
import TMDB

struct VideosCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "videos", abstract: "A movie's trailers, teasers and clips.")

    @Argument(help: "The TMDB movie id, such as 550.")
    var id: Int

    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let api = MovieAPI.videos(id: id, language: global.language ?? MovieAPI.defaultLanguage)
        try await CommandRunner(options: global).run(api) { [id] manager, response throws(TMDBError) in
            VideoTable.render(try manager.decode(VideoList.self, from: response), movieID: id)
        }
    }
}
