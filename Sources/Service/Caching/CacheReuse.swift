import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What a stored response may be used for, by RFC 9111 §4.2 and §4.3 and RFC 5861: answer the request as it
/// is, answer it while a revalidation runs, or only be revalidated.
enum CacheReuse: Sendable, Equatable {
    /// Answer from the cache without asking the server.
    case serve
    /// Answer from the cache, stale within the response's `stale-while-revalidate`, and revalidate it apart.
    case serveWhileRevalidating
    /// Ask the server, conditionally when the stored response has validators.
    case validate

    /// How `stored`, `age` seconds old and fresh for `lifetime` seconds, may answer a request with the
    /// directives `request` under `policy`, in a shared cache when `shared`.
    static func decide(
        stored: CacheControl, age: TimeInterval, lifetime: TimeInterval, request: RequestDirectives,
        policy: CachePolicy, shared: Bool
    ) -> CacheReuse {
        switch policy {
        case .returnCachedElseLoad, .onlyIfCached: return .serve
        case .reloadIgnoringCache: return .validate
        case .useProtocolRules: break
        }
        guard !stored.contains("no-cache"), !request.noCache else { return .validate }
        if case .seconds(let maxAge) = request.maxAge, age > TimeInterval(maxAge) { return .validate }
        if lifetime > age {
            if case .seconds(let minFresh) = request.minFresh, lifetime - age < TimeInterval(minFresh) {
                return .validate
            }
            return .serve
        }
        guard !forbidsStale(stored, shared: shared) else { return .validate }
        let staleness = age - lifetime
        if let maxStale = request.maxStale, staleness <= maxStale { return .serve }
        if case .seconds(let window) = stored.seconds("stale-while-revalidate"), staleness <= TimeInterval(window) {
            return .serveWhileRevalidating
        }
        return .validate
    }

    /// Whether a stored response `age` seconds old, fresh for `lifetime`, may answer when the server fails or
    /// answers 500, 502, 503 or 504: within the response's or the request's `stale-if-error` (RFC 5861 §4).
    static func allowsStaleIfError(
        stored: CacheControl, age: TimeInterval, lifetime: TimeInterval, request: RequestDirectives, shared: Bool
    ) -> Bool {
        guard !stored.contains("no-cache"), !forbidsStale(stored, shared: shared) else { return false }
        let staleness = age - lifetime
        let windows = [stored.seconds("stale-if-error"), request.staleIfError]
        return windows.contains { window in
            guard case .seconds(let seconds) = window else { return false }
            return staleness <= TimeInterval(seconds)
        }
    }

    /// Whether the response forbids answering with it once stale (RFC 9111 §5.2.2.2, §5.2.2.8, §5.2.2.10).
    private static func forbidsStale(_ stored: CacheControl, shared: Bool) -> Bool {
        stored.contains("must-revalidate")
            || (shared && (stored.contains("proxy-revalidate") || stored.contains("s-maxage")))
    }
}

/// The request's own `Cache-Control` directives (RFC 9111 §5.2.1), with `Pragma: no-cache` read as
/// `no-cache` when there is no `Cache-Control` (§5.4).
struct RequestDirectives: Sendable, Equatable {
    var maxAge: DeltaSeconds?
    /// How stale a response the client accepts, in seconds: unbounded for `max-stale` without an argument,
    /// `nil` without the directive or with an invalid argument.
    var maxStale: TimeInterval?
    var minFresh: DeltaSeconds?
    var noCache: Bool
    var noStore: Bool
    var onlyIfCached: Bool
    var staleIfError: DeltaSeconds?

    init(_ request: URLRequest) {
        let fields = request.value(forHTTPHeaderField: "Cache-Control").map { [$0] } ?? []
        let directives = CacheControl(fields: fields)
        maxAge = directives.seconds("max-age")
        if directives.contains("max-stale") {
            switch directives.seconds("max-stale") {
            case .seconds(let seconds): maxStale = TimeInterval(seconds)
            case .invalid: maxStale = directives.argument("max-stale") == nil ? .infinity : nil
            case nil: maxStale = nil
            }
        }
        minFresh = directives.seconds("min-fresh")
        let pragma = request.value(forHTTPHeaderField: "Pragma")?.lowercased().contains("no-cache") ?? false
        noCache = directives.contains("no-cache") || (fields.isEmpty && pragma)
        noStore = directives.contains("no-store")
        onlyIfCached = directives.contains("only-if-cached")
        staleIfError = directives.seconds("stale-if-error")
    }
}
