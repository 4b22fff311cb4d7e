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
    /// Whether sending the request twice has the same effect as sending it once, so that it may be retried.
    /// Defaults to ``HTTPMethod/isIdempotent`` of ``httpMethod``; return `true` to let a `POST` that
    /// carries an idempotency key be retried.
    var isIdempotent: Bool { get }
    /// Whether the router's credentials (an ``AccessTokenPlugin``, an ``AuthenticationCoordinator`` or the
    /// ``RouterConfiguration/challengeCredentials``) apply to this endpoint. Defaults to `true`; return `false` for sign-in and other public endpoints.
    var requiresAuthentication: Bool { get }
    /// Header fields that may follow a redirect to another origin (scheme, host or port), in any case.
    /// Such a redirect keeps only the fields known to be safe (`Accept`, `Accept-Language`, `User-Agent`,
    /// the `Content-*` of a body that goes along...) and these. Defaults to none; list a field only when
    /// every origin the server may redirect to is meant to read it.
    var headersForwardedAcrossOrigins: Set<String> { get }
}

extension EndPointType {
    /// `GET`.
    public var httpMethod: HTTPMethod { .get }
    /// ``HTTPTask/request``: nothing besides the URL.
    public var task: HTTPTask { .request }
    /// No endpoint headers.
    public var headers: HTTPHeaders? { nil }
    /// The router's timeout.
    public var timeout: TimeInterval? { nil }
    /// Every 2xx status.
    public var acceptableStatusCodes: Set<Int> { successfulStatusCodes }
    /// `false`: a body on `GET` or `HEAD` is rejected.
    public var allowsBodyInGET: Bool { false }
    /// Empty data.
    public var sampleData: Data { Data() }
    /// The router's deadline.
    public var deadline: TimeInterval? { nil }
    /// The router's retry policy.
    public var retryPolicy: RetryPolicy? { nil }
    /// Whether ``httpMethod`` is idempotent.
    public var isIdempotent: Bool { httpMethod.isIdempotent }
    /// `true`: the router's credentials are applied.
    public var requiresAuthentication: Bool { true }
    /// None: only the fields safe to forward follow a redirect to another origin.
    public var headersForwardedAcrossOrigins: Set<String> { [] }
}

/// Every 2xx status, built once.
let successfulStatusCodes = Set(200..<300)
