import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Validation (RFC 9111 §4.3; RFC 9110 §13): the conditional request that revalidates a stored response, and
/// the answer to a client's own conditional request from a fresh one.
enum ConditionalRequest {
    /// The fields that make a request conditional on what the client holds.
    static let clientValidators = ["If-None-Match", "If-Modified-Since"]
    /// The fields that ask for something else than the whole current response, which the cache passes on
    /// without answering or storing.
    static let bypassingFields = ["Range", "If-Range", "If-Match", "If-Unmodified-Since"]

    /// Whether the client made `request` conditional itself.
    static func hasClientValidators(_ request: URLRequest) -> Bool {
        clientValidators.contains { request.value(forHTTPHeaderField: $0) != nil }
    }

    /// Whether the cache passes `request` on as it is, neither answering nor storing.
    static func bypassesCache(_ request: URLRequest) -> Bool {
        bypassingFields.contains { request.value(forHTTPHeaderField: $0) != nil }
    }

    /// `request` asking the server whether the response with `stored` fields is still current: with
    /// `If-None-Match` from its `ETag` and `If-Modified-Since` from its `Last-Modified`; `nil` when it has neither.
    static func revalidating(_ request: URLRequest, stored: HTTPHeaders) -> URLRequest? {
        let etag = stored["ETag"]
        let lastModified = stored["Last-Modified"]
        guard etag != nil || lastModified != nil else { return nil }
        var conditional = request
        if let etag { conditional.setValue(etag, forHTTPHeaderField: "If-None-Match") }
        if let lastModified { conditional.setValue(lastModified, forHTTPHeaderField: "If-Modified-Since") }
        return conditional
    }

    /// Whether the client's conditional `request` is answered `304` by a stored response with `stored` fields
    /// (RFC 9110 §13.1.2, §13.1.3): an `If-None-Match` listing its entity tag or `*`, by weak comparison;
    /// without one, an `If-Modified-Since` no earlier than its `Last-Modified` (or `Date`).
    static func isNotModified(_ request: URLRequest, stored: HTTPHeaders) -> Bool {
        if let ifNoneMatch = request.value(forHTTPHeaderField: "If-None-Match") {
            guard let etag = stored["ETag"] else { return ifNoneMatch.trimmingHTTPWhitespace() == "*" }
            return ifNoneMatch.split(separator: ",").contains { candidate in
                let candidate = candidate.trimmingHTTPWhitespace()
                return candidate == "*" || weakTag(candidate) == weakTag(etag)
            }
        }
        guard let since = request.value(forHTTPHeaderField: "If-Modified-Since").flatMap(HTTPDate.parse),
            let modified = (stored["Last-Modified"] ?? stored["Date"]).flatMap(HTTPDate.parse)
        else { return false }
        return modified <= since
    }

    /// Whether a `304` with `fields` may update a stored response with `stored` fields: their entity tags
    /// agree by weak comparison, or the `304` has none (RFC 9111 §4.3.4).
    static func matches(_ fields: HTTPHeaders, stored: HTTPHeaders) -> Bool {
        guard let tag = fields["ETag"] else { return true }
        guard let storedTag = stored["ETag"] else { return false }
        return weakTag(tag) == weakTag(storedTag)
    }

    /// An entity tag without its weakness mark, for weak comparison.
    private static func weakTag(_ tag: String) -> String {
        let tag = tag.trimmingHTTPWhitespace()
        return tag.hasPrefix("W/") ? String(tag.dropFirst(2)) : tag
    }
}
