import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Which header fields a redirect to another origin carries: only those known to be safe, never a name
/// that merely looks harmless.
extension RedirectPolicy {
    /// The fields, lowercased, that go on to another origin: what the client accepts, how it caches, who it
    /// is as software, and the fields that describe a body that goes along (a hop that drops the body drops
    /// them first, see ``correcting(_:after:)``). None of them says who the user is.
    ///
    /// Conditionals (`If-None-Match`, `If-Modified-Since`...) and `Range` stay behind: their validators belong
    /// to the first origin's representation, and an entity tag can identify a user. An endpoint that needs any
    /// other field lists it in ``EndPointType/headersForwardedAcrossOrigins``.
    static let crossOriginSafeHeaders: Set<String> = Set(
        (["Accept", "Accept-Encoding", "Accept-Language", "Cache-Control", "Pragma", "User-Agent"] + bodyHeaders)
            .map { $0.lowercased() })

    /// `request` as it may go to its URL: unchanged when that URL has the same origin as every URL in
    /// `origins`, otherwise with only the ``crossOriginSafeHeaders`` that are not among `credentialHeaders`,
    /// and the fields named in `forwarded`.
    ///
    /// Comparing with both the chain's first request and the hop that redirected means a field never reaches
    /// an origin it was not meant for, whichever request Foundation derives the next hop from.
    ///
    /// - Parameters:
    ///   - request: The next hop's request.
    ///   - forwarded: Fields the endpoint lets go to another origin, in any case.
    ///   - credentialHeaders: Fields that carry credentials, lowercased: dropped even when safe by name.
    ///   - origins: The URLs whose origin keeps every field.
    static func limitingHeaders(
        of request: URLRequest,
        forwarding forwarded: Set<String> = [],
        credentialHeaders: Set<String> = [],
        unlessSameOriginAs origins: [URL?]
    ) -> URLRequest {
        guard let target = request.url else { return request }
        let known = origins.compactMap { $0 }
        if !known.isEmpty, known.allSatisfy({ sameOrigin($0, target) }) { return request }
        let kept = crossOriginSafeHeaders.subtracting(credentialHeaders).union(forwarded.map { $0.lowercased() })
        var limited = request
        for name in (request.allHTTPHeaderFields ?? [:]).keys where !kept.contains(name.lowercased()) {
            limited.setValue(nil, forHTTPHeaderField: name)
        }
        return limited
    }
}
