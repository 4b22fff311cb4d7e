import Foundation

/// Which stored responses an unsafe request makes out of date (RFC 9111 §4.4): once a `POST`, `PUT`,
/// `DELETE` or other unsafe method succeeds (any status but an error), the responses stored for its URL,
/// and for the URLs its `Location` and `Content-Location` name on the same origin.
enum CacheInvalidation {
    /// The URLs whose stored responses a `method` request to `url` answered with `status` and `headers`
    /// invalidates; none for a safe method or an error status.
    static func urls(method: String, url: URL, status: Int, headers: HTTPHeaders) -> [URL] {
        guard !CacheKey.isSafe(method), (200..<400).contains(status) else { return [] }
        var urls = [url]
        for name in ["Location", "Content-Location"] {
            guard let value = headers[name], let target = URL(string: value.trimmingHTTPWhitespace(), relativeTo: url)
            else { continue }
            let absolute = target.absoluteURL
            if isSameOrigin(absolute, url) { urls.append(absolute) }
        }
        return urls
    }

    /// Whether `first` and `second` share scheme, host and port (RFC 6454).
    static func isSameOrigin(_ first: URL, _ second: URL) -> Bool {
        first.scheme?.lowercased() == second.scheme?.lowercased()
            && first.host?.lowercased() == second.host?.lowercased()
            && effectivePort(first) == effectivePort(second)
    }

    private static func effectivePort(_ url: URL) -> Int? {
        url.port ?? (url.scheme?.lowercased() == "https" ? 443 : url.scheme?.lowercased() == "http" ? 80 : nil)
    }
}
