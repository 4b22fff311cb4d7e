import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Every way a request made through NetworkLayer can fail: a ``Kind`` that says what went wrong, and what is
/// known about it.
///
/// A failure after a response arrived carries the whole ``response``, so a caller can read the status, the
/// headers and the body (for example a server's JSON error object). Match the kinds you handle and let the
/// rest fall through; new kinds can be added without breaking that code:
///
/// ```swift
/// do {
///     let movie: Movie = try await manager.request(.movie(id: 550))
///     print(movie.title)
/// } catch .notFound {
///     print("No such movie")
/// } catch .timedOut, .cannotConnect, .notConnected {
///     print("Offline? Try again later")
/// } catch {
///     print(error)  // one line: what failed, the method, the URL (secrets hidden), the status
/// }
/// ```
public struct NetworkError: Error, Sendable {
    /// What went wrong.
    public let kind: Kind
    /// The response, when one arrived (a status the endpoint does not accept, a body that did not decode).
    public let response: Response?
    /// More about the failure in the words of the part that noticed it: a transport's detail, the limit that was
    /// passed, where decoding stopped.
    public let detail: String?
    /// The error this one wraps, when there is one: the `URLError` (its code, without its user info), the
    /// ``RequestBuildError``, the `DecodingError`, or the error a plugin or transport threw.
    public let underlyingError: (any Error)?
    /// The method of the request that failed; the router fills it in.
    public internal(set) var method: String? = nil
    /// The URL of the request that failed; the router fills it in. Descriptions show it with its secrets hidden
    /// by ``Redactor``.
    public internal(set) var url: URL? = nil
    /// How the WebSocket closed, for ``Kind/closedByPeer``: the peer's code and reason.
    public internal(set) var webSocketClose: WebSocketClose? = nil

    /// Creates a failure of `kind`, for a transport, a plugin or a credential source to throw.
    ///
    /// ```swift
    /// throw NetworkError(.cannotConnect, detail: "connection refused")
    /// ```
    public init(
        _ kind: Kind,
        response: Response? = nil,
        detail: String? = nil,
        underlyingError: (any Error)? = nil
    ) {
        self.kind = kind
        self.response = response
        self.detail = detail
        self.underlyingError = underlyingError
        if let request = response?.request { (method, url) = (request.httpMethod ?? "GET", request.url) }
    }

    /// The HTTP status code, if a response arrived.
    public var statusCode: Int? { response?.statusCode }
}

extension NetworkError {
    /// This error with `request`'s method and URL, unless it names a request already.
    func naming(_ request: URLRequest?) -> NetworkError {
        guard let request, url == nil else { return self }
        var named = self
        (named.method, named.url) = (request.httpMethod ?? "GET", request.url)
        return named
    }

    /// The `URLError` code, when the transport was `URLSession`.
    var urlErrorCode: URLError.Code? { (underlyingError as? URLError)?.code }
}
