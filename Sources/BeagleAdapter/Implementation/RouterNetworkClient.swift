import Foundation
import NetworkLayer

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Beagle's ``NetworkClient``, built on NetworkLayer's `Router`, status validation and logger.
///
/// ```swift
/// dependencies.networkClient = RouterNetworkClient()
/// ```
///
/// Each Beagle request becomes a ``BeagleEndpoint`` and is sent by ``router``. Statuses outside
/// ``acceptedStatusCodes`` fail with NetworkLayer's status error and still carry the body, the
/// request and the response; requests and responses are logged with secrets redacted; the
/// completion runs exactly once, also after the token is cancelled.
///
/// Requests ignore the local cache and time out after 100 seconds by default, as with Beagle's own
/// client; with an `HTTPCache` (`cache`), responses are kept and reused by their HTTP headers. The client is `Sendable`: it reads each ``Request`` (and encodes a raw request's `Any?`
/// body) on the calling thread, and only the finished `URLRequest` goes on to the router.
public final class RouterNetworkClient: NetworkClient, Sendable {
    /// The manager whose router sends the requests; use it for calls of your own.
    public let manager: NetworkManager<BeagleEndpoint>
    /// Headers added to every request except raw ones; they win over Beagle's defaults and the
    /// request's additional-data headers.
    public let additionalHeaders: [String: String]
    /// The statuses that count as success.
    public let acceptedStatusCodes: Set<Int>
    /// The cache policy of every request.
    public let cachePolicy: URLRequest.CachePolicy

    /// The router that sends the requests.
    public var router: Router<BeagleEndpoint> { manager.router }

    /// Creates a client.
    ///
    /// - Parameters:
    ///   - transport: What sends the requests. Defaults to a `URLSessionTransport` with an
    ///     ephemeral session; pass `URLSessionTransport(configuration:)` for another session.
    ///   - additionalHeaders: Headers added to every request except raw ones.
    ///   - acceptedStatusCodes: The statuses that count as success. Defaults to `200...299`.
    ///   - logger: Logs requests and responses, secrets redacted; `nil` logs nothing.
    ///   - timeout: The request timeout in seconds. Defaults to 100, Beagle's.
    ///   - cachePolicy: The cache policy of every request, for the transport's own cache (`URLCache`).
    ///     Defaults to ignoring it, as Beagle's client does.
    ///   - cache: Keeps responses by RFC 9111's rules (`Cache-Control`, `ETag`, `Vary`...) and answers
    ///     from them, the same on every platform and transport; the transport's own cache is then off.
    ///     Defaults to `nil`, no cache.
    public init(
        transport: any HTTPTransport = URLSessionTransport(),
        additionalHeaders: [String: String] = [:],
        acceptedStatusCodes: Set<Int> = Set(200...299),
        logger: NetworkLogger? = NetworkLogger(),
        timeout: TimeInterval = 100,
        cachePolicy: URLRequest.CachePolicy = .reloadIgnoringLocalCacheData,
        cache: HTTPCache? = nil
    ) {
        let configuration = RouterConfiguration(timeout: timeout, logger: logger, cache: cache)
        self.manager = NetworkManager(router: Router(configuration: configuration, transport: transport))
        self.additionalHeaders = additionalHeaders
        self.acceptedStatusCodes = acceptedStatusCodes
        self.cachePolicy = cachePolicy
    }

    /// The endpoint `request` maps onto.
    public func endpoint(for request: Request) throws(NetworkLayer.NetworkError) -> BeagleEndpoint {
        do {
            return try BeagleEndpoint(
                request,
                additionalHeaders: additionalHeaders,
                acceptableStatusCodes: acceptedStatusCodes
            )
        } catch {
            throw NetworkLayer.NetworkError(.invalidRequest, underlyingError: error)
        }
    }

    /// The `URLRequest` this client sends for `request`, without sending it.
    public func makeURLRequest(for request: Request) throws(NetworkLayer.NetworkError) -> URLRequest {
        try urlRequest(for: endpoint(for: request))
    }

    private func urlRequest(for endpoint: BeagleEndpoint) throws(NetworkLayer.NetworkError) -> URLRequest {
        var urlRequest = try router.makeRequest(for: endpoint)
        urlRequest.cachePolicy = cachePolicy
        return urlRequest
    }

    /// Sends `request` and calls `completion` exactly once.
    ///
    /// The request is built at once, on the calling thread. One that cannot be built (a raw body that
    /// is not JSON) fails at once, on the calling thread, and returns `nil`.
    @discardableResult
    public func executeRequest(_ request: Request, completion: @escaping RequestCompletion) -> (any RequestToken)? {
        let endpoint: BeagleEndpoint
        let urlRequest: URLRequest
        do {
            endpoint = try self.endpoint(for: request)
            // Kept for failures that come without a response, which still report the request.
            urlRequest = try self.urlRequest(for: endpoint)
        } catch {
            completion(.failure(NetworkError(error: error, request: URLRequest(url: request.url))))
            return nil
        }
        let acceptable = endpoint.acceptableStatusCodes
        let cancellation = router.send(urlRequest, for: endpoint) { result in
            completion(ResultMapping.networkResult(result, request: urlRequest, acceptable: acceptable))
        }
        return RouterRequestToken(cancellation: cancellation)
    }
}

/// Cancels one request sent by ``RouterNetworkClient``.
struct RouterRequestToken: RequestToken {
    let cancellation: CancellationToken

    func cancel() {
        cancellation.cancel()
    }
}
