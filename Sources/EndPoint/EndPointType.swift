import Foundation

/// Describes one API endpoint. Conform an enum to it, one case per call.
///
/// ```swift
/// enum MovieAPI: EndPointType {
///     case popular(page: Int)
///     case movie(id: Int)
///
///     var baseURL: URL { URL(string: "https://api.themoviedb.org/3")! }
///     var path: String {
///         switch self {
///         case .popular: "movie/popular"
///         case .movie(let id): "movie/\(id)"
///         }
///     }
///     var task: HTTPTask {
///         switch self {
///         case .popular(let page):
///             .requestParameters(bodyParameters: nil, bodyEncoding: .urlEncoding, urlParameters: ["page": page])
///         case .movie:
///             .request
///         }
///     }
/// }
/// ```
///
/// Only ``baseURL`` and ``path`` have no default.
public protocol EndPointType: Sendable {
    /// The URL every path of this API is relative to, for example `https://api.example.com/v3`.
    var baseURL: URL { get }
    /// The path below ``baseURL``. A leading `/` is optional; characters outside a path segment
    /// (spaces, `?`, `#`) are percent-encoded, and existing `%XX` escapes are kept.
    var path: String { get }
    /// The request method. Defaults to ``HTTPMethod/get``.
    var httpMethod: HTTPMethod { get }
    /// Parameters and body. Defaults to ``HTTPTask/request``.
    var task: HTTPTask { get }
    /// Headers for this endpoint. Defaults to `nil`. Headers carried by the task win over these.
    var headers: HTTPHeaders? { get }
    /// The timeout for this endpoint, overriding the router's. Defaults to `nil`.
    var timeout: TimeInterval? { get }
    /// The status codes that count as success. Defaults to `200..<300`.
    var acceptableStatusCodes: Set<Int> { get }
    /// Whether a `GET` or `HEAD` request may carry a body. Defaults to `false`, because many servers
    /// and proxies hang or answer 400 on one; building such a request then throws.
    var allowsBodyInGET: Bool { get }
    /// A canned response body for stubbing and offline use. Defaults to empty data.
    var sampleData: Data { get }
    /// The longest this endpoint's request may take, in seconds, across every attempt, retry, backoff and
    /// credential refresh. Overrides ``RouterConfiguration/deadline``. Defaults to `nil`, the router's.
    var deadline: TimeInterval? { get }
    /// How this endpoint's failures are retried, overriding ``RouterConfiguration/retryPolicy``.
    /// Defaults to `nil`, the router's; ``RetryPolicy/never`` turns retries off for this endpoint.
    var retryPolicy: RetryPolicy? { get }
    /// How this endpoint's requests use the router's ``HTTPCache``. Defaults to
    /// ``CachePolicy/useProtocolRules``; nothing changes without a cache.
    var cachePolicy: CachePolicy { get }
    /// Whether this endpoint's request bodies are compressed. Defaults to `nil`: the router's
    /// ``RouterConfiguration/requestCompression``.
    var requestCompression: RequestCompression? { get }
    /// How ``Router/webSocket(_:onReconnect:)`` opens and keeps this endpoint's socket: subprotocols, pings, the largest
    /// message, compression. Defaults to `WebSocketOptions()`.
    var webSocketOptions: WebSocketOptions { get }
    /// Whether sending the request twice has the same effect as sending it once, so that it may be retried.
    /// Defaults to whether ``httpMethod`` is idempotent by RFC 9110 (`GET`, `HEAD`, `PUT`, `DELETE`, `OPTIONS`,
    /// `TRACE`); return `true` to let a `POST` that carries an idempotency key be retried.
    var isIdempotent: Bool { get }
    /// Whether the router's credentials (an ``AccessTokenPlugin``, an ``AuthenticationCoordinator`` or the
    /// ``RouterConfiguration/challengeCredentials``) apply to this endpoint. Defaults to `true`; return `false` for sign-in and other public endpoints.
    var requiresAuthentication: Bool { get }
    /// Header fields that may follow a redirect to another origin (scheme, host or port), in any case.
    /// Such a redirect keeps only the fields known to be safe (`Accept`, `Accept-Language`, `User-Agent`,
    /// the `Content-*` of a body that goes along...) and these. Defaults to none; list a field only when
    /// every origin the server may redirect to is meant to read it.
    var headersForwardedAcrossOrigins: Set<String> { get }
    /// The endpoint this one stands for. When it is set, every property this type leaves to its default
    /// comes from that endpoint instead, as for ``MultiTarget``. Defaults to `nil`: an endpoint of its own.
    var wrapped: (any EndPointType)? { get }
}

extension EndPointType {
    /// None: the endpoint stands for itself.
    public var wrapped: (any EndPointType)? { nil }
    /// The wrapped endpoint's, else `GET`.
    public var httpMethod: HTTPMethod { wrapped?.httpMethod ?? .get }
    /// The wrapped endpoint's, else ``HTTPTask/request``: nothing besides the URL.
    public var task: HTTPTask { wrapped?.task ?? .request }
    /// The wrapped endpoint's, else no endpoint headers.
    public var headers: HTTPHeaders? { wrapped?.headers }
    /// The wrapped endpoint's, else the router's timeout.
    public var timeout: TimeInterval? { wrapped?.timeout }
    /// The wrapped endpoint's, else every 2xx status.
    public var acceptableStatusCodes: Set<Int> { wrapped?.acceptableStatusCodes ?? successfulStatusCodes }
    /// The wrapped endpoint's, else `false`: a body on `GET` or `HEAD` is rejected.
    public var allowsBodyInGET: Bool { wrapped?.allowsBodyInGET ?? false }
    /// The wrapped endpoint's, else empty data.
    public var sampleData: Data { wrapped?.sampleData ?? Data() }
    /// The wrapped endpoint's, else the router's deadline.
    public var deadline: TimeInterval? { wrapped?.deadline }
    /// The wrapped endpoint's, else the router's retry policy.
    public var retryPolicy: RetryPolicy? { wrapped?.retryPolicy }
    /// The wrapped endpoint's, else ``CachePolicy/useProtocolRules``.
    public var cachePolicy: CachePolicy { wrapped?.cachePolicy ?? .useProtocolRules }
    /// The wrapped endpoint's, else `nil`: the router's.
    public var requestCompression: RequestCompression? { wrapped?.requestCompression }
    /// The wrapped endpoint's, else the default options.
    public var webSocketOptions: WebSocketOptions { wrapped?.webSocketOptions ?? WebSocketOptions() }
    /// The wrapped endpoint's, else whether ``httpMethod`` is idempotent.
    public var isIdempotent: Bool { wrapped?.isIdempotent ?? httpMethod.isIdempotent }
    /// The wrapped endpoint's, else `true`: the router's credentials are applied.
    public var requiresAuthentication: Bool { wrapped?.requiresAuthentication ?? true }
    /// The wrapped endpoint's, else none: only the fields safe to forward follow a redirect to another origin.
    public var headersForwardedAcrossOrigins: Set<String> { wrapped?.headersForwardedAcrossOrigins ?? [] }
}

/// Every 2xx status, built once.
let successfulStatusCodes = Set(200..<300)
