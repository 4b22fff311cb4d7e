import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Every way a request made through NetworkLayer can fail.
///
/// Failures after a response arrived carry the whole ``Response``, so a caller can read the
/// status, the headers and the body (for example a server's JSON error object).
public enum NetworkError: Error, Sendable {
    /// The request could not be built; nothing was sent.
    case invalidRequest(RequestBuildError)
    /// The request was cancelled, by a token, the router or the calling `Task`.
    case cancelled
    /// The server did not answer in time.
    case timedOut
    /// The transport failed before a complete response arrived (connection refused, DNS, TLS, …).
    case transport(TransportError)
    /// The response body is larger than a router keeps in memory (its configuration's
    /// `maximumResponseSize`), so the transfer was stopped. `limit` is in bytes.
    case responseTooLarge(limit: Int)
    /// 401 or 403: credentials missing, wrong or insufficient.
    case authentication(Response)
    /// 404: the resource does not exist.
    case notFound(Response)
    /// Any other 4xx status.
    case clientError(Response)
    /// A 5xx status.
    case serverError(Response)
    /// A 3xx status reached the caller (redirects were not followed, or the chain ended on one).
    case unexpectedRedirect(Response)
    /// A status the endpoint does not accept that fits none of the cases above, for example a 2xx
    /// outside a custom ``EndPointType/acceptableStatusCodes`` or a 1xx.
    case unacceptableStatusCode(Response)
    /// A body was needed and the response had none.
    case noData(Response)
    /// The body could not be decoded into the requested type.
    case decodingFailed(DecodingFailure)
    /// A failure that is none of the above, for example one thrown by a custom transport.
    case other(String)

    /// The response this failure carries, if one arrived.
    public var response: Response? {
        switch self {
        case .authentication(let response), .notFound(let response), .clientError(let response),
            .serverError(let response), .unexpectedRedirect(let response),
            .unacceptableStatusCode(let response), .noData(let response):
            response
        case .decodingFailed(let failure):
            failure.response
        case .invalidRequest, .cancelled, .timedOut, .transport, .responseTooLarge, .other:
            nil
        }
    }

    /// The HTTP status code, if a response arrived.
    public var statusCode: Int? { response?.statusCode }

    /// Whether this is ``cancelled``.
    public var isCancellation: Bool {
        if case .cancelled = self { return true }
        return false
    }
}

extension NetworkError {
    /// Wraps any error thrown while sending in the matching case.
    ///
    /// A ``NetworkError`` a transport throws passes through unchanged, so a transport reports an
    /// oversized body as ``responseTooLarge(limit:)`` by throwing that case itself. A `URLError` is
    /// classified as a ``TransportError``, and a timeout of either kind becomes ``timedOut``.
    ///
    /// - Parameter request: The request that failed, which a ``TransportError`` keeps for its description.
    init(_ error: any Error, sending request: URLRequest? = nil) {
        switch error {
        case let networkError as NetworkError:
            self = networkError
        case is CancellationError:
            self = .cancelled
        case let urlError as URLError where urlError.code == .cancelled:
            self = .cancelled
        case let urlError as URLError:
            self = NetworkError(TransportError(urlError), sending: request)
        case var transportError as TransportError:
            if let request, transportError.url == nil {
                (transportError.method, transportError.url) = (request.httpMethod ?? "GET", request.url)
            }
            self = transportError.kind == .timedOut ? .timedOut : .transport(transportError)
        case let buildError as RequestBuildError:
            self = .invalidRequest(buildError)
        default:
            self = .other(String(describing: error))
        }
    }
}
