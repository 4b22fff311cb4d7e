import Foundation
import NetworkLayer

/// Every way a TMDB call can fail.
///
/// Errors after a response carry TMDB's ``TMDBStatus`` (code and message) when the body had one.
public enum TMDBError: Error, Sendable, Hashable {
    /// The page is outside 1…500; nothing was sent.
    case invalidPage(Int)
    /// The search query is empty or blank; nothing was sent.
    case emptyQuery
    /// The language is not a tag such as `en` or `en-US` (see ``LocaleCodes``); nothing was sent.
    case invalidLanguage(String)
    /// The region is not an ISO 3166-1 alpha-2 code such as `US` (see ``LocaleCodes``); nothing was sent.
    case invalidRegion(String)
    /// More than 20 names in `append_to_response`; nothing was sent.
    case tooManyAppendedResponses(Int)
    /// HTTP 401 or 403: the credentials are missing, wrong or suspended (TMDB codes 3, 7, 10, 35).
    case unauthorized(httpStatus: Int, TMDBStatus?)
    /// HTTP 404: no such movie or resource (TMDB codes 6, 34).
    case notFound(TMDBStatus?)
    /// HTTP 429: too many requests (TMDB code 25). `retryAfter` is the server's `Retry-After`, in seconds.
    case rateLimited(retryAfter: TimeInterval?, TMDBStatus?)
    /// Any other 4xx: TMDB rejected the parameters (codes 5, 18, 22, 27, …).
    case rejected(httpStatus: Int, TMDBStatus?)
    /// A 5xx: TMDB or a proxy failed (codes 9, 11, 24, 43, 46).
    case serverError(httpStatus: Int, TMDBStatus?)
    /// A status outside the classes above (a 3xx that was not followed, a 1xx).
    case unexpectedStatus(Int)
    /// The body is not what the call returns; `reason` names the field and the problem.
    case decodingFailed(reason: String)
    /// The request could not be built (for example a base URL without a host); nothing was sent.
    case invalidRequest(reason: String)
    /// The server could not be reached, or did not answer in time.
    case network(reason: String)
    /// Offline, the sample's recorded traffic (``SampleTraffic``) has no answer for the call; `reason` names the
    /// closest recorded call.
    case notRecorded(reason: String)
    /// The call was cancelled.
    case cancelled

    /// The HTTP status, when a response arrived.
    public var httpStatus: Int? {
        switch self {
        case .unauthorized(let status, _), .rejected(let status, _), .serverError(let status, _): status
        case .notFound: 404
        case .rateLimited: 429
        case .unexpectedStatus(let status): status
        default: nil
        }
    }

    /// TMDB's status object, when the error body had one.
    public var status: TMDBStatus? {
        switch self {
        case .unauthorized(_, let status), .notFound(let status), .rateLimited(_, let status),
            .rejected(_, let status), .serverError(_, let status):
            status
        default:
            nil
        }
    }
}

extension TMDBError {
    /// The TMDB error for a NetworkLayer failure, reading TMDB's status body and `Retry-After` header.
    public init(_ error: NetworkError) {
        if let response = error.response, let status = Self.init(status: response, of: error) {
            self = status
            return
        }
        switch error {
        case .noData:
            self = .decodingFailed(reason: "the response has no body")
        case .decodingFailed:
            self = .decodingFailed(reason: error.detail ?? "\(error)")
        case .invalidRequest:
            self = .invalidRequest(reason: "\(error.underlyingError ?? error)")
        case .cancelled:
            self = .cancelled
        case .timedOut:
            self = .network(reason: "the server did not answer in time")
        case .transportFailure where error.underlyingError is HARReplayError:
            self = .notRecorded(reason: error.underlyingError.map { "\($0)" } ?? "")
        default:
            self = .network(reason: error.description)
        }
    }

    /// The TMDB error for a status NetworkLayer refused, or `nil` if `error` is no status failure.
    private init?(status response: Response, of error: NetworkError) {
        switch error {
        case .authentication:
            self = .unauthorized(httpStatus: response.statusCode, Self.status(in: response))
        case .notFound:
            self = .notFound(Self.status(in: response))
        case .clientError where response.statusCode == 429:
            self = .rateLimited(retryAfter: response.retryAfter, Self.status(in: response))
        case .clientError:
            self = .rejected(httpStatus: response.statusCode, Self.status(in: response))
        case .serverError:
            self = .serverError(httpStatus: response.statusCode, Self.status(in: response))
        case .unexpectedRedirect, .unacceptableStatusCode:
            self = .unexpectedStatus(response.statusCode)
        default:
            return nil
        }
    }

    private static func status(in response: Response) -> TMDBStatus? {
        try? JSONDecoder().decode(TMDBStatus.self, from: response.data)
    }
}
