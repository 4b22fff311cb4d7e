import Foundation

/// An HTTP cache by RFC 9111's rules, for a router's responses (``RouterConfiguration/cache``).
///
/// ```swift
/// let cache = HTTPCache()
/// let router = Router<MovieAPI>(configuration: RouterConfiguration(cache: cache))
/// let response = try await router.request(.popular(page: 1))
/// print(response.cacheStatus)  // .network the first time, .cached while the response is fresh
/// ```
///
/// It stores the responses to `GET` and `HEAD` requests that `Cache-Control`, `Expires` and the status allow,
/// answers from them while they are fresh (`max-age`, `s-maxage`, `Expires` and `Date`, `Age`, or a heuristic
/// from `Last-Modified` where the status allows one), and once they are stale asks the server with
/// `If-None-Match` and `If-Modified-Since`: a `304` updates the stored fields and answers with the stored body.
/// Requests choose with their own `Cache-Control` (`max-age`, `max-stale`, `min-fresh`, `no-cache`,
/// `no-store`, `only-if-cached`) and each endpoint with ``EndPointType/cachePolicy``. `Vary` keeps one response
/// per variant of the fields it names, and a response to a request with credentials (`Authorization`,
/// `Cookie`, the fields credential plugins set) answers only requests with the same credentials, unless it is
/// `public`. A successful unsafe request (`POST`, `PUT`, `DELETE`...) removes what was stored for its URL and
/// for the same-origin URLs its `Location` and `Content-Location` name. A response's `stale-while-revalidate`
/// and `stale-if-error` (RFC 5861) let the cache answer with it, stale, while it revalidates it or when the
/// server fails.
///
/// Bodies are stored as they pass: a streamed or downloaded body up to the entry limit, a body over it not at
/// all, and a transfer that fails or is cancelled leaves nothing.
public final class HTTPCache: Sendable {
    /// Where the responses are kept.
    let storage: any CacheStorage
    /// Whether this is a shared cache (RFC 9111 §1), as in a gateway or proxy: `s-maxage` applies, `private`
    /// responses are not stored, and responses to requests with `Authorization` only when they allow it.
    let shared: Bool
    /// The time now; tests set their own clock.
    let now: @Sendable () -> Date

    /// Creates a cache in memory, empty.
    ///
    /// - Parameters:
    ///   - shared: Whether the cache is shared by several users (RFC 9111's shared cache), as in a gateway or a
    ///     reverse proxy: it then reads `s-maxage` and `proxy-revalidate`, never stores `private` responses,
    ///     and stores a response to a request with `Authorization` only when `public`, `s-maxage` or
    ///     `must-revalidate` allows it. Defaults to `false`: a private cache, one user's, like a browser's.
    ///   - maximumSize: The most bytes of responses the cache keeps; the least recently used go first.
    ///     Defaults to 10 MiB.
    ///   - maximumEntrySize: The largest body stored, in bytes; a larger one passes through unstored.
    ///     Defaults to 1 MiB.
    public convenience init(
        shared: Bool = false, maximumSize: Int = 10 * 1024 * 1024, maximumEntrySize: Int = 1024 * 1024
    ) {
        self.init(
            storage: MemoryCacheStorage(maximumSize: maximumSize, maximumEntrySize: maximumEntrySize), shared: shared)
    }

    /// A cache over `storage`, shared when `shared`, that reads the time from `now`.
    init(storage: any CacheStorage, shared: Bool, now: @escaping @Sendable () -> Date = { Date() }) {
        self.storage = storage
        self.shared = shared
        self.now = now
    }

    /// Removes every stored response.
    public func removeAll() async {
        await storage.removeAll()
    }
}
