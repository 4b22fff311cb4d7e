import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What makes two attempts one request that may be sent once for both callers: the request exactly as the
/// transport gets it, after every plugin, credential source and challenge answer acted on it.
///
/// Every part of the request a transport reads is part of the key, compared as it is: the method, the URL's
/// text, each header field's name and value, the timeout, the cache and cookie settings, the fields that
/// must not follow a redirect. Anything that differs, by one byte or one letter's case, makes two keys; two
/// endpoints that build the same request share it, as they would get the same response from the server. `URLRequest`'s own `==` is not used: on Linux it ignores
/// the header fields, the timeout and the body.
///
/// Only bodiless `GET` and `HEAD` requests have a key.
struct SharedRequestKey: Hashable, Sendable {
    private let method: String
    private let url: String
    private let fields: [String: String]
    /// The timeout's bits: a NaN timeout must equal itself, or the key would never be found again.
    private let timeout: UInt64
    private let cachePolicy: UInt
    private let handlesCookies: Bool
    private let credentialFields: Set<String>

    /// The key of `request`, or `nil` when it must not be shared.
    init?(_ request: TransportRequest) {
        let head = request.head
        guard let method = head.httpMethod, method == "GET" || method == "HEAD", let url = head.url,
            request.body == nil, head.httpBody == nil, head.httpBodyStream == nil
        else { return nil }
        self.method = method
        self.url = url.absoluteString
        self.fields = head.allHTTPHeaderFields ?? [:]
        self.timeout = head.timeoutInterval.bitPattern
        self.cachePolicy = head.cachePolicy.rawValue
        self.handlesCookies = head.httpShouldHandleCookies
        self.credentialFields = request.credentialHeaders
    }
}
