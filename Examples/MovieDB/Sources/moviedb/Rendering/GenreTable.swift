import TMDB

/// The genre list as a table: id and name.
enum GenreTable {
    static func render(_ genres: [Genre]) -> String {
        let table = TextTable(
            columns: [.init(title: "ID", alignment: .right), .init(title: "NAME", alignment: .left)],
            rows: genres.map { [String($0.id), $0.name] }
        )
        return "Movie genres · \(Formatting.count(genres.count, "genre"))\n\n" + table.render()
    }
}
