import ArgumentParser
import TMDB

struct SearchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "search", abstract: "Find movies by title.")

    @Argument(help: "The title, or part of it, to look for.")
    var query: String

    @Option(help: "Only movies released in this year, such as 1999.")
    var year: Int?

    @Flag(name: .customLong("include-adult"), help: "Include adult titles.")
    var includeAdult = false

    @OptionGroup var paging: PageOption
    @OptionGroup var regional: RegionOption
    @OptionGroup var global: GlobalOptions

    func validate() throws {
        if query.allSatisfy(\.isWhitespace) { throw ValidationError("<query> must not be blank") }
    }

    func run() async throws {
        let api = MovieAPI.search(
            query: query,
            page: paging.page,
            year: year,
            includeAdult: includeAdult,
            language: global.language ?? MovieAPI.defaultLanguage,
            region: regional.region
        )
        try await CommandRunner(options: global).run(api) { manager, response throws(TMDBError) in
            MovieTable.render(try manager.decode(MoviePage.self, from: response), heading: "Search “\(query)”")
        }
    }
}
