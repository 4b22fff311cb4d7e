import Foundation

/// JSON shaped like TMDB's movie lists, as much as a test asks for: pages of 20 movies drawn from a small
/// catalog, as TMDB's lists repeat the same movies from page to page, with the numbers that change between
/// pages (page, popularity, vote counts) changing.
enum TMDBLikePages {
    private static let catalog: [(id: Int, title: String, date: String, overview: String)] = [
        (603, "The Matrix", "1999-03-31", "A hacker learns that his world is a simulation and joins a rebellion."),
        (550, "Fight Club", "1999-10-15", "An office worker and a soap seller start an underground fight club."),
        (27205, "Inception", "2010-07-15", "A thief who steals secrets through dreams is asked to plant an idea."),
        (157336, "Interstellar", "2014-11-05", "Explorers travel through a wormhole to find humanity a new home."),
        (155, "The Dark Knight", "2008-07-16", "Batman faces the Joker, who wants to plunge Gotham into chaos."),
        (680, "Pulp Fiction", "1994-09-10", "The lives of two hit men, a boxer and a gangster's wife intertwine."),
        (13, "Forrest Gump", "1994-06-23", "A kind man from Alabama witnesses decades of American history."),
        (129, "Spirited Away", "2001-07-20", "A girl must work in a bathhouse for spirits to free her parents."),
        (496243, "Parasite", "2019-05-30", "A poor family schemes to become employed by a wealthy household."),
        (238, "The Godfather", "1972-03-14", "The aging patriarch of a crime dynasty hands control to his son."),
    ]

    /// At least `size` bytes of pages, in one JSON array.
    static func json(atLeast size: Int) -> Data {
        var pages: [String] = []
        var length = 0
        var page = 1
        while length < size {
            let results = (0..<20).map { index -> String in
                let movie = catalog[(page * 7 + index) % catalog.count]
                let popularity = Double((page * 131 + index * 17) % 10_000) / 100
                return #"{"adult":false,"backdrop_path":"/\#(movie.id)-backdrop.jpg","genre_ids":[18,28],"#
                    + #""id":\#(movie.id),"original_language":"en","original_title":"\#(movie.title)","#
                    + #""overview":"\#(movie.overview)","popularity":\#(popularity),"#
                    + #""poster_path":"/\#(movie.id)-poster.jpg","release_date":"\#(movie.date)","#
                    + #""title":"\#(movie.title)","video":false,"vote_average":7.\#(index % 10),"#
                    + #""vote_count":\#(1000 + (page * 37 + index) % 9000)}"#
            }
            let text = #"{"page":\#(page),"results":[\#(results.joined(separator: ","))],"total_pages":500}"#
            pages.append(text)
            length += text.utf8.count + 1
            page += 1
        }
        return Data(("[" + pages.joined(separator: ",") + "]").utf8)
    }
}
