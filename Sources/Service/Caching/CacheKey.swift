import Foundation

/// The primary key of a stored response (RFC 9111 §2): the request's method and its URL as it goes on the
/// wire, without a fragment.
enum CacheKey {
    /// The key of a `method` request for `url`.
    static func key(method: String, url: URL) -> String {
        "\(method) \(withoutFragment(url).absoluteString)"
    }

    /// The methods whose responses the cache stores, each under a key of its own.
    static let storedMethods = ["GET", "HEAD"]

    /// Whether `method` is safe (RFC 9110 §9.2.1): it cannot change what the server holds, so its responses
    /// invalidate nothing.
    static func isSafe(_ method: String) -> Bool {
        ["GET", "HEAD", "OPTIONS", "TRACE"].contains(method)
    }

    private static func withoutFragment(_ url: URL) -> URL {
        guard url.fragment != nil, var components = URLComponents(url: url, resolvingAgainstBaseURL: true) else {
            return url
        }
        components.fragment = nil
        return components.url ?? url
    }
}
