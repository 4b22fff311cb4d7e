import TMDB

/// A page of movies as a table: id, title, year and rating, with paging above and below.
enum MovieTable {
    static let titleWidth = 46

    static func render(_ page: MoviePage, heading: String) -> String {
        let position =
            page.page > page.lastPage
            ? "page \(page.page) (the last page is \(page.lastPage))" : "page \(page.page) of \(page.lastPage)"
        var lines = ["\(heading) · \(position) · \(Formatting.count(page.totalResults, "result"))"]
        if let dates = page.dates { lines[0] += " · \(dates.minimum) to \(dates.maximum)" }
        lines.append("")
        if page.results.isEmpty {
            lines.append("No movies on this page.")
        } else {
            let table = TextTable(
                columns: [
                    .init(title: "ID", alignment: .right),
                    .init(title: "TITLE", alignment: .left, maximumWidth: titleWidth),
                    .init(title: "YEAR", alignment: .left),
                    .init(title: "RATING", alignment: .right),
                ],
                rows: page.results.map { movie in
                    [
                        String(movie.id), movie.title, Formatting.year(movie.releaseYear),
                        Formatting.rating(movie.voteAverage, votes: movie.voteCount),
                    ]
                }
            )
            lines.append(table.render())
        }
        if page.hasNextPage {
            lines.append("")
            lines.append("Page \(page.page) of \(page.lastPage). Next: --page \(page.page + 1)")
        }
        return lines.joined(separator: "\n")
    }
}
