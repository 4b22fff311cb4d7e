import Foundation

extension TMDBError: CustomStringConvertible, LocalizedError {
    /// One line that says what went wrong, with TMDB's code and message when there are some.
    public var description: String {
        switch self {
        case .invalidPage(let page):
            "invalid page \(page): TMDB serves pages \(MovieAPI.pages.lowerBound) to \(MovieAPI.pages.upperBound)"
        case .invalidLanguage(let language):
            "invalid language \"\(language)\": use a language tag such as en or en-US"
        case .invalidRegion(let region):
            "invalid region \"\(region)\": use an ISO 3166-1 alpha-2 code such as US or DE"
        case .emptyQuery:
            "the search query is empty"
        case .tooManyAppendedResponses(let count):
            "too many append_to_response items (\(count), at most \(MovieAPI.maximumAppendedResponses))"
        case .unauthorized(let httpStatus, let status):
            "TMDB refused the credentials" + Self.details(httpStatus, status)
        case .notFound(let status):
            "not found" + Self.details(404, status)
        case .rateLimited(let retryAfter, let status):
            "rate limited by TMDB" + Self.details(429, status, retryAfter: retryAfter)
        case .rejected(let httpStatus, let status):
            "TMDB rejected the request" + Self.details(httpStatus, status)
        case .serverError(let httpStatus, let status):
            "TMDB server error" + Self.details(httpStatus, status)
        case .unexpectedStatus(let httpStatus):
            "unexpected HTTP status \(httpStatus)"
        case .decodingFailed(let reason):
            "unexpected response: \(reason)"
        case .invalidRequest(let reason):
            "invalid request: \(reason)"
        case .network(let reason):
            "network error: \(reason)"
        case .notRecorded(let reason):
            "not in the offline sample: \(reason)"
        case .cancelled:
            "cancelled"
        }
    }

    /// The same as ``description``.
    public var errorDescription: String? { description }

    private static func details(_ httpStatus: Int, _ status: TMDBStatus?, retryAfter: TimeInterval? = nil) -> String {
        var facts = ["HTTP \(httpStatus)"]
        if let status { facts.append("code \(status.statusCode)") }
        if let retryAfter { facts.append("retry after \(Self.seconds(retryAfter))") }
        let message = status.map { ": \($0.statusMessage)" } ?? ""
        return " (\(facts.joined(separator: ", ")))\(message)"
    }

    private static func seconds(_ interval: TimeInterval) -> String {
        interval == interval.rounded() ? "\(Int(interval)) s" : String(format: "%.1f s", interval)
    }
}
