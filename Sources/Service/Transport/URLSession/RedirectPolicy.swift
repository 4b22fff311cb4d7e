import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Whether ``URLSessionTransport`` follows HTTP redirects.
///
/// Whatever the policy, redirects lead only to `http` and `https` URLs (any other `Location`, such as
/// `file:///etc/passwd`, returns the `3xx` itself), and a followed redirect that leaves the origin of the
/// original request (its scheme, host and port), or of the hop that redirected, loses its credentials:
/// `Authorization`, `Proxy-Authorization`, `Cookie` and every field in the request's
/// ``TransportRequest/credentialHeaders``, such as `X-API-Key`. A redirect that keeps the method
/// (307, 308, and 301 or 302 of anything but `POST`) also keeps the body: on Linux the transport
/// sends it again itself, because Foundation would drop it.
public struct RedirectPolicy: Sendable {
    private let decide: @Sendable (_ response: HTTPURLResponse, _ proposed: URLRequest) -> URLRequest?

    /// Creates a policy from a decision per hop: the request to send next, or `nil` to stop.
    private init(_ decide: @escaping @Sendable (HTTPURLResponse, URLRequest) -> URLRequest?) {
        self.decide = decide
    }

    /// Follows every redirect (the default).
    public static let follow = RedirectPolicy { _, proposed in proposed }

    /// Follows no redirect: the `3xx` response itself is returned, and ``NetworkManager`` reports
    /// it as ``NetworkError/unexpectedRedirect(_:)``.
    public static let refuse = RedirectPolicy { _, _ in nil }

    /// Decides each hop with `decide`, which gets the `3xx` response and the request Foundation
    /// proposes, and returns the request to send (possibly changed) or `nil` to return the `3xx`.
    public static func custom(
        _ decide: @escaping @Sendable (_ response: HTTPURLResponse, _ proposed: URLRequest) -> URLRequest?
    ) -> RedirectPolicy {
        RedirectPolicy(decide)
    }

    /// The request to send after `response`, credentials stripped as needed, or `nil` to stop.
    ///
    /// - Parameters:
    ///   - response: The `3xx` response of the hop that redirects.
    ///   - proposed: The next request as Foundation proposes it.
    ///   - origin: The URL of the first request of the chain.
    ///   - previous: The request of the hop that redirects, when known.
    ///   - credentialHeaders: Fields to drop, beside the standard ones, when the origin changes.
    func next(
        after response: HTTPURLResponse,
        proposed: URLRequest,
        origin: URL?,
        previous: URLRequest? = nil,
        credentialHeaders: Set<String> = []
    ) -> URLRequest? {
        let proposed = previous.map { Self.correcting(proposed, after: $0) } ?? proposed
        guard Self.leadsToWeb(response), let chosen = decide(response, proposed), Self.isWeb(chosen.url) else {
            return nil
        }
        return Self.strippingCredentials(
            from: chosen, named: credentialHeaders, unlessSameOriginAs: [origin, response.url])
    }
}

extension RedirectPolicy {
    /// Headers that must not follow a redirect to another origin (as curl does).
    static let credentialHeaders = ["Authorization", "Proxy-Authorization", "Cookie"]

    /// `request` minus the standard credential headers and those `named`, unless its URL has the same
    /// origin as every URL in `origins`.
    ///
    /// Comparing with both the chain's first request and the hop that redirected means credentials
    /// never reach an origin they were not meant for, whichever request Foundation derives the next
    /// hop from.
    static func strippingCredentials(
        from request: URLRequest,
        named names: Set<String> = [],
        unlessSameOriginAs origins: [URL?]
    ) -> URLRequest {
        guard let target = request.url else { return request }
        let known = origins.compactMap { $0 }
        if !known.isEmpty, known.allSatisfy({ sameOrigin($0, target) }) { return request }
        var stripped = request
        for name in Set(credentialHeaders.map { $0.lowercased() }).union(names) {
            stripped.setValue(nil, forHTTPHeaderField: name)
        }
        return stripped
    }

    /// Whether `url` is an `http` or `https` URL, in any case.
    static func isWeb(_ url: URL?) -> Bool {
        ["http", "https"].contains(url?.scheme?.lowercased())
    }

    /// Whether the `Location` of `response`, if it has one, resolves to an `http` or `https` URL.
    ///
    /// Foundation on Linux turns `Location: file:///etc/passwd` into a request for `/etc/passwd` on the
    /// same server, so the proposed request alone does not show where the server pointed.
    private static func leadsToWeb(_ response: HTTPURLResponse) -> Bool {
        guard let location = response.value(forHTTPHeaderField: "Location") else { return true }
        return isWeb(URL(string: location.trimmingCharacters(in: .whitespaces), relativeTo: response.url)?.absoluteURL)
    }

    /// Whether two URLs share scheme, host and port (default ports included), case-insensitively.
    static func sameOrigin(_ lhs: URL, _ rhs: URL) -> Bool {
        lhs.scheme?.lowercased() == rhs.scheme?.lowercased()
            && lhs.host?.lowercased() == rhs.host?.lowercased()
            && effectivePort(lhs) == effectivePort(rhs)
    }

    private static func effectivePort(_ url: URL) -> Int? {
        if let port = url.port { return port }
        switch url.scheme?.lowercased() {
        case "http": return 80
        case "https": return 443
        default: return nil
        }
    }

    /// The fields that describe a body, dropped when a redirect drops the body (RFC 9110, 15.4).
    static let bodyHeaders = [
        "Content-Type", "Content-Length", "Content-Encoding", "Content-Language", "Content-Location", "Digest",
        "Transfer-Encoding",
    ]

    /// `proposed` as RFC 9110 wants it after `previous`: a `HEAD` stays a `HEAD` (Foundation turns it
    /// into a `GET` on a `303`), and a hop that changes the method loses the body's header fields with
    /// the body.
    static func correcting(_ proposed: URLRequest, after previous: URLRequest) -> URLRequest {
        var corrected = proposed
        if previous.httpMethod?.uppercased() == "HEAD" { corrected.httpMethod = "HEAD" }
        guard !keepsMethod(previous, corrected) else { return corrected }
        corrected.httpBody = nil
        corrected.httpBodyStream = nil
        for name in bodyHeaders {
            corrected.setValue(nil, forHTTPHeaderField: name)
        }
        return corrected
    }

    /// Whether the hop from `previous` to `next` keeps the method, so the body must go along too.
    static func keepsMethod(_ previous: URLRequest, _ next: URLRequest) -> Bool {
        (previous.httpMethod ?? "GET").uppercased() == (next.httpMethod ?? "GET").uppercased()
    }
}
