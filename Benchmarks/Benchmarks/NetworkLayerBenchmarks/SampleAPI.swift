import Foundation
import NetworkLayer

/// The endpoints the request-building benchmarks build: a TMDB-like API.
enum SampleAPI: EndPointType {
    /// `GET /3/movie/popular` with the reference query of the Encoding parameters article.
    case popular(Parameters)
    /// `POST /3/list` with a dictionary as its JSON body.
    case createList(Parameters)
    /// `POST /3/list` with an `Encodable` body.
    case createListEncodable(ListDraft)
    /// `GET /3/discover/movie` with an `Encodable` query.
    case discover(DiscoverQuery)

    static let baseURL = URL(string: "https://api.example.com/3")!

    var baseURL: URL { Self.baseURL }

    var path: String {
        switch self {
        case .popular: Self.popularPath
        case .createList, .createListEncodable: Self.listPath
        case .discover: Self.discoverPath
        }
    }

    var httpMethod: HTTPMethod {
        switch self {
        case .popular, .discover: .get
        case .createList, .createListEncodable: .post
        }
    }

    var task: HTTPTask {
        switch self {
        case .popular(let query):
            .requestParameters(bodyParameters: nil, bodyEncoding: .urlEncoding, urlParameters: query)
        case .createList(let body):
            .requestParameters(bodyParameters: body, bodyEncoding: .jsonEncoding, urlParameters: nil)
        case .createListEncodable(let body):
            .requestEncodable(body: body)
        case .discover(let query):
            .requestEncodable(body: nil, query: query)
        }
    }

    static let popularPath = "movie/popular"
    static let listPath = "list"
    static let discoverPath = "discover/movie"

    /// The reference query of the Encoding parameters article.
    static let referenceQuery: Parameters = [
        "api_key": "abc123",
        "page": 2,
        "language": "en-US",
        "query": "Star Wars: Episode IV – A New Hope & more",
    ]

    /// The URL the Encoding parameters article gives for ``referenceQuery``.
    static let referenceURL =
        "https://api.example.com/3/movie/popular?api_key=abc123&language=en-US&page=2"
        + "&query=Star%20Wars%3A%20Episode%20IV%20%E2%80%93%20A%20New%20Hope%20%26%20more"

    /// A ten-key JSON body: strings (one non-ASCII), integers, a double, a boolean and an array.
    static let listBody: Parameters = [
        "name": "Star Wars marathon",
        "description": "Episodes IV–VI, then the prequels, café break included",
        "public": true,
        "iso_639_1": "en",
        "iso_3166_1": "US",
        "page": 2,
        "rating": 8.5,
        "movie_ids": [11, 1891, 1892],
        "session_id": "2629f70fb498edc263a0adb99118ac41f0053e8c",
        "sort_by": "original_order.asc",
    ]

    /// ``listBody`` as a struct.
    static let listDraft = ListDraft(
        name: "Star Wars marathon",
        description: "Episodes IV–VI, then the prequels, café break included",
        isPublic: true,
        language: "en",
        region: "US",
        page: 2,
        rating: 8.5,
        movieIDs: [11, 1891, 1892],
        sessionID: "2629f70fb498edc263a0adb99118ac41f0053e8c",
        sortBy: "original_order.asc"
    )

    /// A TMDB discover query: strings, integers, a double, a boolean, an array and an optional left out.
    static let discoverQuery = DiscoverQuery(
        language: "en-US",
        region: "US",
        sortBy: "popularity.desc",
        includeAdult: false,
        page: 2,
        minimumVote: 7.5,
        genres: [28, 12, 878],
        keywords: "space opera & more",
        year: nil
    )

    /// The URL ``discoverQuery`` gives.
    static let discoverURL =
        "https://api.example.com/3/discover/movie?include_adult=0&language=en-US&page=2&region=US"
        + "&sort_by=popularity.desc&vote_average.gte=7.5&with_genres%5B%5D=28&with_genres%5B%5D=12"
        + "&with_genres%5B%5D=878&with_keywords=space%20opera%20%26%20more"
}

/// The query of TMDB's `GET /discover/movie`, as an `Encodable` value.
struct DiscoverQuery: Encodable, Sendable {
    var language: String
    var region: String
    var sortBy: String
    var includeAdult: Bool
    var page: Int
    var minimumVote: Double
    var genres: [Int]
    var keywords: String
    var year: Int?

    enum CodingKeys: String, CodingKey {
        case language, region, page, year
        case sortBy = "sort_by"
        case includeAdult = "include_adult"
        case minimumVote = "vote_average.gte"
        case genres = "with_genres"
        case keywords = "with_keywords"
    }
}

/// The `Encodable` twin of ``SampleAPI/listBody``.
struct ListDraft: Codable, Sendable, Equatable {
    var name: String
    var description: String
    var isPublic: Bool
    var language: String
    var region: String
    var page: Int
    var rating: Double
    var movieIDs: [Int]
    var sessionID: String
    var sortBy: String

    enum CodingKeys: String, CodingKey {
        case name, description, page, rating
        case isPublic = "public"
        case language = "iso_639_1"
        case region = "iso_3166_1"
        case movieIDs = "movie_ids"
        case sessionID = "session_id"
        case sortBy = "sort_by"
    }
}
