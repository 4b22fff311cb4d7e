import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Whether ``URLSessionTransport`` follows HTTP redirects.
///
/// Whatever the policy, redirects lead only to `http` and `https` URLs (any other `Location`, such as
/// `file:///etc/passwd`, returns the `3xx` itself), and a followed redirect that leaves the origin of the
/// original request (its scheme, host and port), or of the hop that redirected, keeps only the header fields
/// known to be safe to forward: `Accept`, `Accept-Encoding`, `Accept-Language`, `Cache-Control`, `Pragma`,
/// `User-Agent` and the `Content-*` fields of a body that goes along, unless the request's
/// `TransportRequest.credentialHeaders` name them, plus the fields the endpoint lists in
/// ``EndPointType/headersForwardedAcrossOrigins``. Every other field, `Authorization`, `Cookie` and
/// `X-API-Key` as much as `X-Functions-Key` or `X-Tenant`, stays with its origin. A redirect that keeps the method
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
    /// it as ``NetworkError/Kind/unexpectedRedirect``.
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
    ///   - credentialHeaders: Fields that never go to another origin, even when safe by name.
    ///   - forwarded: Fields that go to another origin besides the safe ones.
    func next(
        after response: HTTPURLResponse,
        proposed: URLRequest,
        origin: URL?,
        previous: URLRequest? = nil,
        credentialHeaders: Set<String> = [],
        forwarding forwarded: Set<String> = []
    ) -> URLRequest? {
        let proposed = previous.map { Self.correcting(proposed, after: $0) } ?? proposed
        guard Self.leadsToWeb(response), let chosen = decide(response, proposed), Self.isWeb(chosen.url) else {
            return nil
        }
        return Self.limitingHeaders(
            of: chosen, forwarding: forwarded, credentialHeaders: credentialHeaders,
            unlessSameOriginAs: [origin, response.url])
    }
}
