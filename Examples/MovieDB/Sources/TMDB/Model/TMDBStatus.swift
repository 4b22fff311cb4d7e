/// TMDB's status object, the body of every error response:
/// `{"status_code": 34, "status_message": "The resource you requested could not be found.", "success": false}`.
public struct TMDBStatus: Decodable, Sendable, Hashable {
    /// TMDB's own code, such as 7 (invalid API key), 22 (invalid page), 25 (rate limited) or 34 (not found).
    public let statusCode: Int
    /// TMDB's message.
    public let statusMessage: String
    /// `false` on errors; some older or proxied bodies leave it out.
    public let success: Bool?

    /// Creates a status.
    public init(statusCode: Int, statusMessage: String, success: Bool? = false) {
        self.statusCode = statusCode
        self.statusMessage = statusMessage
        self.success = success
    }

    enum CodingKeys: String, CodingKey {
        case statusCode = "status_code"
        case statusMessage = "status_message"
        case success
    }
}
