import Foundation

/// An endpoint of any ``EndPointType``, so that one ``Router`` or ``NetworkManager`` sends the endpoints of
/// several enums.
///
/// ```swift
/// let router = Router<MultiTarget>()
/// let movies = try await router.request(.target(MovieAPI.popular(page: 1)))
/// let account = try await router.request(.target(AccountAPI.profile))
/// ```
///
/// Every property comes from the wrapped endpoint. Stubs and plugins receive the `MultiTarget` and reach
/// the wrapped endpoint through ``target``.
public enum MultiTarget: EndPointType {
    /// Wraps `endpoint`.
    case target(any EndPointType)

    /// Wraps `endpoint`.
    public init(_ endpoint: some EndPointType) {
        self = .target(endpoint)
    }

    /// The wrapped endpoint.
    public var target: any EndPointType {
        switch self {
        case .target(let endpoint): endpoint
        }
    }

    /// The wrapped endpoint's ``EndPointType/baseURL``.
    public var baseURL: URL { target.baseURL }
    /// The wrapped endpoint's ``EndPointType/path``.
    public var path: String { target.path }
    /// The wrapped endpoint's ``EndPointType/httpMethod``.
    public var httpMethod: HTTPMethod { target.httpMethod }
    /// The wrapped endpoint's ``EndPointType/task``.
    public var task: HTTPTask { target.task }
    /// The wrapped endpoint's ``EndPointType/headers``.
    public var headers: HTTPHeaders? { target.headers }
    /// The wrapped endpoint's ``EndPointType/timeout``.
    public var timeout: TimeInterval? { target.timeout }
    /// The wrapped endpoint's ``EndPointType/acceptableStatusCodes``.
    public var acceptableStatusCodes: Set<Int> { target.acceptableStatusCodes }
    /// The wrapped endpoint's ``EndPointType/allowsBodyInGET``.
    public var allowsBodyInGET: Bool { target.allowsBodyInGET }
    /// The wrapped endpoint's ``EndPointType/sampleData``.
    public var sampleData: Data { target.sampleData }
    /// The wrapped endpoint's ``EndPointType/deadline``.
    public var deadline: TimeInterval? { target.deadline }
    /// The wrapped endpoint's ``EndPointType/retryPolicy``.
    public var retryPolicy: RetryPolicy? { target.retryPolicy }
    /// The wrapped endpoint's ``EndPointType/isIdempotent``.
    public var isIdempotent: Bool { target.isIdempotent }
    /// The wrapped endpoint's ``EndPointType/requiresAuthentication``.
    public var requiresAuthentication: Bool { target.requiresAuthentication }
    /// The wrapped endpoint's ``EndPointType/headersForwardedAcrossOrigins``.
    public var headersForwardedAcrossOrigins: Set<String> { target.headersForwardedAcrossOrigins }
}
