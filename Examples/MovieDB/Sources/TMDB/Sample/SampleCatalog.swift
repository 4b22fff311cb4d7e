import Foundation

/// The built-in sample responses that let the app run offline, consistent across endpoints.
///
/// The package resource folder `SampleData` holds one catalog of movies (`movies.json`, each a
/// complete details body) and what refers to them by id: the four lists (`lists.json`),
/// recommendations, videos and the genre list. Responses are derived from it the way TMDB shapes
/// them, so `details 550` works after `popular`. `scripts/fake_tmdb.py` serves the same files by
/// the same rules:
/// - lists are 20 items a page, `total_pages` is at least 1, and a page past the end is empty;
/// - list items are the details' 14 list keys, with `genre_ids` from `genres`; recommendations
///   add `media_type: "movie"`;
/// - search matches the query case-insensitively in `title` or `original_title`, filters `year`
///   and `primary_release_year` by the release date, leaves out adult titles unless asked, and
///   sorts by popularity;
/// - an unknown id gives 404 with code 34; a page outside 1…500 gives 400 with code 22.
///
/// The sample is in English whatever `language` says; image paths and video keys are placeholders.
public struct SampleCatalog: Sendable {
    /// The catalog in this package's resources.
    public static let shared = SampleCatalog(bundle: .module)

    /// Items on one list page, as on TMDB.
    public static let pageSize = 20

    private let files: [String: Data]

    /// Loads the sample files from `bundle`'s `SampleData` folder.
    public init(bundle: Bundle) {
        var files: [String: Data] = [:]
        for name in ["movies", "lists", "recommendations", "videos", "genres"] {
            if let url = bundle.url(forResource: name, withExtension: "json", subdirectory: "SampleData"),
                let data = try? Data(contentsOf: url)
            {
                files[name] = data
            }
        }
        self.files = files
    }

    /// The response TMDB would give to `api`, according to the sample data.
    public func response(for api: MovieAPI) -> SampleResponse {
        if let page = api.page, !MovieAPI.pages.contains(page) { return .invalidPage }
        guard let movies = movieIndex() else { return .internalError }
        switch api {
        case .nowPlaying(let page, _, _), .popular(let page, _, _), .topRated(let page, _, _),
            .upcoming(let page, _, _):
            return Self.listName(of: api).map { list($0, page: page, movies: movies) } ?? .internalError
        case .details(let id, _, let appended):
            guard var movie = movies[id] else { return .notFound }
            if appended.contains("videos") { movie["videos"] = ["results": videos(of: id)] }
            if appended.contains("recommendations") {
                movie["recommendations"] = page(recommendedIDs(for: id), number: 1, movies: movies, mediaType: true)
            }
            return .ok(movie)
        case .videos(let id, _):
            guard movies[id] != nil else { return .notFound }
            return .ok(["id": id, "results": videos(of: id)] as [String: Any])
        case .recommendations(let id, let number, _):
            guard movies[id] != nil else { return .notFound }
            return .ok(page(recommendedIDs(for: id), number: number, movies: movies, mediaType: true))
        case .search(_, let number, _, _, _, _, _):
            return .ok(page(pagedIDs(for: api, movies: movies) ?? [], number: number, movies: movies))
        case .genres:
            guard let genres = json("genres") else { return .internalError }
            return .ok(genres)
        }
    }

    /// The pages the sample has for `api`, from 1 to at least 1, or `nil` when the call is not paged or its
    /// movie is unknown. TMDB itself serves up to ``MovieAPI/pages``.
    public func pages(for api: MovieAPI) -> ClosedRange<Int>? {
        guard let movies = movieIndex(), let ids = pagedIDs(for: api, movies: movies) else { return nil }
        return 1...Self.pageCount(ids.count)
    }

    // MARK: Reading the files

    private func json(_ name: String) -> Any? {
        files[name].flatMap { try? JSONSerialization.jsonObject(with: $0) }
    }

    private func movieIndex() -> [Int: [String: Any]]? {
        guard let movies = json("movies") as? [[String: Any]] else { return nil }
        var index: [Int: [String: Any]] = [:]
        for movie in movies {
            if let id = movie["id"] as? Int { index[id] = movie }
        }
        return index
    }

    private func videos(of id: Int) -> [Any] {
        (json("videos") as? [String: Any])?[String(id)] as? [Any] ?? []
    }

    private func recommendedIDs(for id: Int) -> [Int] {
        (json("recommendations") as? [String: Any])?[String(id)] as? [Int] ?? []
    }

    // MARK: Shaping responses

    /// The ids a paged call pages through, best first.
    private func pagedIDs(for api: MovieAPI, movies: [Int: [String: Any]]) -> [Int]? {
        switch api {
        case .nowPlaying, .popular, .topRated, .upcoming:
            let lists = json("lists") as? [String: Any]
            return Self.listName(of: api).flatMap { lists?[$0] as? [String: Any] }.flatMap { $0["ids"] as? [Int] }
        case .recommendations(let id, _, _):
            return movies[id] == nil ? nil : recommendedIDs(for: id)
        case .search(let query, _, let year, let primaryReleaseYear, let includeAdult, _, _):
            let years = [year, primaryReleaseYear].compactMap { $0 }
            return matches(query, years: years, includeAdult: includeAdult, in: movies)
        case .details, .videos, .genres:
            return nil
        }
    }

    /// The list of `lists.json` a list call shows.
    private static func listName(of api: MovieAPI) -> String? {
        switch api {
        case .nowPlaying: "now_playing"
        case .popular: "popular"
        case .topRated: "top_rated"
        case .upcoming: "upcoming"
        case .details, .videos, .recommendations, .search, .genres: nil
        }
    }

    private static func pageCount(_ items: Int) -> Int {
        max(1, (items + pageSize - 1) / pageSize)
    }

    private func list(_ name: String, page number: Int, movies: [Int: [String: Any]]) -> SampleResponse {
        guard let list = (json("lists") as? [String: Any])?[name] as? [String: Any], let ids = list["ids"] as? [Int]
        else { return .internalError }
        var body = page(ids, number: number, movies: movies)
        body["dates"] = list["dates"]
        return .ok(body)
    }

    private func page(_ ids: [Int], number: Int, movies: [Int: [String: Any]], mediaType: Bool = false) -> [String: Any]
    {
        let start = (number - 1) * Self.pageSize
        let slice = start < ids.count ? ids[start..<min(start + Self.pageSize, ids.count)] : []
        let results = slice.compactMap { id in movies[id].map { Self.listItem(from: $0, mediaType: mediaType) } }
        return [
            "page": number,
            "results": results,
            "total_pages": Self.pageCount(ids.count),
            "total_results": ids.count,
        ]
    }

    private func matches(_ query: String, years: [Int], includeAdult: Bool, in movies: [Int: [String: Any]]) -> [Int] {
        let needle = query.trimmingWhitespace().lowercased()
        return movies.values.filter { movie in
            let titles = [movie["title"], movie["original_title"]].compactMap { ($0 as? String)?.lowercased() }
            let released = movie["release_date"] as? String ?? ""
            return titles.contains { $0.contains(needle) }
                && (includeAdult || movie["adult"] as? Bool != true)
                && years.allSatisfy { released.hasPrefix(String($0)) }
        }
        .sorted { ($0["popularity"] as? Double ?? 0) > ($1["popularity"] as? Double ?? 0) }
        .compactMap { $0["id"] as? Int }
    }

    private static let listKeys = [
        "adult", "backdrop_path", "id", "original_language", "original_title", "overview", "popularity",
        "poster_path", "release_date", "title", "video", "vote_average", "vote_count",
    ]

    private static func listItem(from movie: [String: Any], mediaType: Bool) -> [String: Any] {
        var item: [String: Any] = [:]
        for key in listKeys { item[key] = movie[key] ?? NSNull() }
        let genres = movie["genres"] as? [[String: Any]] ?? []
        item["genre_ids"] = genres.compactMap { $0["id"] as? Int }
        if mediaType { item["media_type"] = "movie" }
        return item
    }
}
