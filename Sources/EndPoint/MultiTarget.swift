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
/// Every property comes from the wrapped endpoint, through ``EndPointType/wrapped``. Stubs and plugins receive
/// the `MultiTarget` and reach the wrapped endpoint through ``target``.
public enum MultiTarget: EndPointType {
    /// Wraps `endpoint`.
    case target(any EndPointType)

    /// The wrapped endpoint.
    public var target: any EndPointType {
        switch self {
        case .target(let endpoint): endpoint
        }
    }

    /// The wrapped endpoint, from which every other property comes.
    public var wrapped: (any EndPointType)? { target }
    /// The wrapped endpoint's ``EndPointType/baseURL``.
    public var baseURL: URL { target.baseURL }
    /// The wrapped endpoint's ``EndPointType/path``.
    public var path: String { target.path }
}
