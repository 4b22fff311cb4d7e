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
            if RedirectPolicy.sameOrigin(absolute, url) { urls.append(absolute) }
        }
        return urls
    }
}
