import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Following redirects in a transport whose client does not follow them itself.
extension RedirectPolicy {
    /// The request to send after `head` answered `request` with a redirect, or `nil` to hand `head` back.
    ///
    /// A transport over a client that does not follow redirects (or is told not to) calls this for each `3xx`
    /// it receives, so that it follows the same rules as ``URLSessionTransport``: the `Location` is resolved
    /// against the URL that answered; a `303`, and a `301` or `302` answering a `POST`, turn the method into
    /// `GET` and drop the body with its `Content-*` fields, while a `HEAD` stays a `HEAD`; only `http` and
    /// `https` targets are followed; the policy decides; and a hop to another origin keeps only the header
    /// fields known to be safe to forward and those the endpoint lists.
    ///
    /// ```swift
    /// while let next = policy.request(after: head, answering: current, origin: original.url,
    ///                                 credentialHeaders: transportRequest.credentialHeaders,
    ///                                 forwarding: transportRequest.headersForwardedAcrossOrigins) {
    ///     current = next  // send again; keep the body when `next.httpMethod` equals the previous one
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - head: The response to `request`.
    ///   - request: The request that `head` answers.
    ///   - origin: The URL of the first request of the chain.
    ///   - credentialHeaders: Fields that never go to another origin, even those safe by name
    ///     (`TransportRequest.credentialHeaders`).
    ///   - forwarded: Fields that go to another origin besides the safe ones
    ///     (`TransportRequest.headersForwardedAcrossOrigins`).
    /// - Returns: The next request, with its URL, method and header fields set; `nil` when `head` is no
    ///   redirect, has no usable `Location`, or the policy stops.
    @_spi(Transport) public func request(
        after head: ResponseHead,
        answering request: URLRequest,
        origin: URL?,
        credentialHeaders: Set<String> = [],
        forwarding forwarded: Set<String> = []
    ) -> URLRequest? {
        guard Self.redirectStatuses.contains(head.statusCode),
            let location = head.value(for: "Location")?.trimmingCharacters(in: .whitespaces),
            let target = URL(string: location, relativeTo: head.url ?? request.url)?.absoluteURL
        else { return nil }
        var proposed = request
        proposed.url = Self.lowercasingScheme(of: target)
        if Self.becomesGET(head.statusCode, request.httpMethod) { proposed.httpMethod = "GET" }
        return next(
            after: head.httpURLResponse, proposed: proposed, origin: origin, previous: request,
            credentialHeaders: credentialHeaders, forwarding: forwarded)
    }

    /// `url` with its scheme in lower case, as clients expect it (`HTTPS://` is `https://`).
    private static func lowercasingScheme(of url: URL) -> URL {
        guard let scheme = url.scheme, scheme != scheme.lowercased(),
            var components = URLComponents(url: url, resolvingAgainstBaseURL: false)
        else { return url }
        components.scheme = scheme.lowercased()
        return components.url ?? url
    }

    /// The statuses that redirect with a `Location` (RFC 9110, 15.4).
    static let redirectStatuses: Set<Int> = [301, 302, 303, 307, 308]

    /// Whether a hop answered with `status` turns a request of `method` into a `GET`, as browsers, curl and
    /// Foundation do: every `303` (a `HEAD` is kept by ``correcting(_:after:)``), and a `301` or `302` to a `POST`.
    private static func becomesGET(_ status: Int, _ method: String?) -> Bool {
        status == 303 || ([301, 302].contains(status) && method?.uppercased() == "POST")
    }
}
