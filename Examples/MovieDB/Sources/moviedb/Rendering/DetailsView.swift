import TMDB

/// One movie's details as a short text page.
enum DetailsView {
    static func render(_ movie: MovieDetails) -> String {
        var lines = ["\(movie.title) (\(Formatting.year(movie.releaseYear))) · id \(movie.id)"]
        if movie.originalTitle != movie.title {
            lines.append("Original title: \(movie.originalTitle) [\(movie.originalLanguage)]")
        }
        if let tagline = movie.tagline, !tagline.isEmpty { lines.append("“\(tagline)”") }
        lines.append("")
        let rating =
            movie.voteCount == 0
            ? "not rated yet"
            : "\(Formatting.rating(movie.voteAverage, votes: movie.voteCount))/10 (\(Formatting.count(movie.voteCount, "vote")))"
        lines.append("Rating:    \(rating)")
        var release = [movie.releaseDateText.isEmpty ? "date unknown" : movie.releaseDateText, movie.status]
        if let runtime = Formatting.runtime(movie.runtime) { release.append(runtime) }
        lines.append("Release:   \(release.filter { !$0.isEmpty }.joined(separator: " · "))")
        if !movie.genres.isEmpty { lines.append("Genres:    \(movie.genres.map(\.name).joined(separator: ", "))") }
        if let collection = movie.collection { lines.append("Part of:   \(collection.name)") }
        if movie.budget > 0 || movie.revenue > 0 {
            lines.append("Budget:    \(money(movie.budget)) · Revenue: \(money(movie.revenue))")
        }
        if !movie.productionCompanies.isEmpty {
            lines.append("Made by:   \(movie.productionCompanies.map(\.name).joined(separator: ", "))")
        }
        if let imdb = movie.imdbId, !imdb.isEmpty { lines.append("IMDb:      https://www.imdb.com/title/\(imdb)/") }
        lines.append("Poster:    \(movie.posterURL()?.absoluteString ?? "none")")
        if !movie.overview.isEmpty {
            lines.append("")
            lines.append(contentsOf: wrap(movie.overview, width: 78))
        }
        return lines.joined(separator: "\n")
    }

    private static func money(_ amount: Int) -> String {
        amount > 0 ? "$\(Formatting.grouped(amount))" : "unknown"
    }

    /// `text` in lines of at most `width` columns, broken at spaces.
    static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var current = ""
        for word in text.split(separator: " ") {
            if !current.isEmpty, TextWidth.of(current) + 1 + TextWidth.of(String(word)) > width {
                lines.append(current)
                current = ""
            }
            current += current.isEmpty ? String(word) : " \(word)"
        }
        if !current.isEmpty { lines.append(current) }
        return lines
    }
}
