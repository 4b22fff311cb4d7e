import Foundation

/// A trailer, teaser, clip or featurette of a movie.
public struct Video: Decodable, Sendable, Hashable, Identifiable {
    /// TMDB's video id (24 hex digits).
    public let id: String
    /// The video's title.
    public let name: String
    /// The id on the hosting site, such as a YouTube video id.
    public let key: String
    /// The hosting site: `YouTube` or `Vimeo`.
    public let site: String
    /// The kind: `Trailer`, `Teaser`, `Clip`, `Featurette`, `Behind the Scenes`, `Bloopers`, …
    public let type: String
    /// The height in pixels (360, 480, 720, 1080, 2160), when known.
    public let size: Int?
    /// Whether the studio published it; missing in recordings from before 2021.
    public let official: Bool?
    /// When it was published, as TMDB sent it (ISO-8601, or older forms); missing before 2021.
    public let publishedAt: String?
    /// The ISO-639-1 language code.
    public let languageCode: String?
    /// The ISO-3166-1 country code; missing before 2021.
    public let countryCode: String?

    /// A link to watch the video, for YouTube and Vimeo; `nil` for other sites.
    public var watchURL: URL? {
        switch site.lowercased() {
        case "youtube": URL(string: "https://www.youtube.com/watch?v=\(key)")
        case "vimeo": URL(string: "https://vimeo.com/\(key)")
        default: nil
        }
    }

    enum CodingKeys: String, CodingKey {
        case id, name, key, site, type, size, official
        case publishedAt = "published_at"
        case languageCode = "iso_639_1"
        case countryCode = "iso_3166_1"
    }
}

/// The body of `GET /movie/{id}/videos`, and the `videos` object that `append_to_response` adds
/// to details (which has no `id`).
public struct VideoList: Decodable, Sendable, Hashable {
    /// The movie's id; `nil` when appended to details.
    public let id: Int?
    /// The videos; often empty.
    public let results: [Video]
}
