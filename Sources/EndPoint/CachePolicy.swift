/// How an endpoint's requests use the router's ``HTTPCache`` (``RouterConfiguration/cache``); without a
/// cache, every policy sends the request.
///
/// ```swift
/// var cachePolicy: CachePolicy {
///     switch self {
///     case .balance: .reloadIgnoringCache
///     default: .useProtocolRules
///     }
/// }
/// ```
public enum CachePolicy: Sendable, Hashable {
    /// RFC 9111's rules: a stored response is used while it is fresh, revalidated with the server once it is
    /// stale, and what comes back is stored when its `Cache-Control` and status allow. The default.
    case useProtocolRules
    /// The request goes to the network whatever the cache holds; what comes back is stored by the rules.
    case reloadIgnoringCache
    /// A stored response is used however old it is; only without one does the request go to the network.
    case returnCachedElseLoad
    /// A stored response is used however old it is; without one the answer is `504 Gateway Timeout` and
    /// nothing is sent.
    case onlyIfCached
}
