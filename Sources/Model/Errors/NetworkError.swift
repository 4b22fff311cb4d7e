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
    /// The request was cancelled, by a token, the router or the calling `Task`. The error says which
    /// request (its ``TransportError/kind`` is ``TransportError/Kind/cancelled``).
    case cancelled(TransportError)
    /// The server did not answer in time, or the request's deadline passed. The error says which request
    /// and which limit (its ``TransportError/kind`` is ``TransportError/Kind/timedOut``).
    case timedOut(TransportError)
    /// The transport failed before a complete response arrived (connection refused, DNS, TLS, …).
    case transport(TransportError)
    /// The response body is larger than a router keeps in memory (its configuration's
    /// `maximumResponseSize`), or more of a streamed body than it keeps on disk waited for a slow reader
    /// (`maximumStreamBacklogOnDisk`), so the transfer was stopped. `limit` is in bytes; the error says which
    /// request, or, for a stream, what waited on disk.
    case responseTooLarge(limit: Int, TransportError)
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
    /// A failure that is none of the above, for example one a plugin throws. (An unknown error a transport
    /// throws arrives as ``transport(_:)``, of kind ``TransportError/Kind/other``.)
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

    /// Whether this is ``cancelled(_:)``.
    public var isCancellation: Bool {
        if case .cancelled = self { return true }
        return false
    }

    /// The error a transport throws when a body outgrows `limit` bytes; the router adds the request.
    public static func responseTooLarge(limit: Int) -> NetworkError {
        .responseTooLarge(limit: limit, TransportError(.responseTooLarge, detail: "limit \(limit) bytes"))
    }
}

extension NetworkError {
    /// Wraps any error thrown while sending in the matching case.
    ///
    /// A ``NetworkError`` a transport throws passes through, so a transport reports an oversized body by
    /// throwing ``responseTooLarge(limit:)`` itself. A `URLError` is classified as a ``TransportError``;
    /// a timeout of either kind becomes ``timedOut(_:)`` and a cancellation ``cancelled(_:)``. Any other
    /// error is a ``TransportError`` of kind ``TransportError/Kind/other`` that quotes it.
    ///
    /// - Parameter request: The request that failed; errors that do not name one yet take its method and URL.
    init(_ error: any Error, sending request: URLRequest? = nil) {
        switch error {
        case let networkError as NetworkError:
            self = networkError.naming(request)
        case is CancellationError:
            self = .cancelled(TransportError(.cancelled).naming(request))
        case let urlError as URLError:
            self = NetworkError(TransportError(urlError), sending: request)
        case let transportError as TransportError:
            let named = transportError.naming(request)
            self =
                switch named.kind {
                case .timedOut: .timedOut(named)
                case .cancelled: .cancelled(named)
                default: .transport(named)
                }
        case let buildError as RequestBuildError:
            self = .invalidRequest(buildError)
        default:
            self = .transport(TransportError(.other, detail: String(describing: error)).naming(request))
        }
    }

    /// The cancellation of `request`.
    static func cancelled(sending request: URLRequest?) -> NetworkError {
        NetworkError(CancellationError(), sending: request)
    }

    /// This error, with `request`'s method and URL in the transport failure it carries, if that names none.
    private func naming(_ request: URLRequest?) -> NetworkError {
        switch self {
        case .cancelled(let error): .cancelled(error.naming(request))
        case .timedOut(let error): .timedOut(error.naming(request))
        case .transport(let error): .transport(error.naming(request))
        case .responseTooLarge(let limit, let error): .responseTooLarge(limit: limit, error.naming(request))
        default: self
        }
    }
}
