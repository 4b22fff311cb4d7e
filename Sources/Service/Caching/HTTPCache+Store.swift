import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension HTTPCache {
    /// `response`, whose body is stored as it passes when RFC 9111 §3 allows storing it.
    func keep(
        _ response: TransportResponse, for exchange: CacheExchange, requestTime: Date, responseTime: Date
    ) async -> TransportResponse {
        let headers = response.head.headers
        guard !exchange.directives.noStore,
            Storability.allows(
                method: exchange.method, requestHeaders: HTTPHeaders(exchange.request.head.allHTTPHeaderFields ?? [:]),
                status: response.head.statusCode, responseHeaders: headers, shared: shared),
            let url = exchange.request.head.url
        else { return response }
        // Bound to the credentials the request carried, none included: a response to one user, or to no
        // user, answers no other unless it says it may.
        let directives = CDNCacheControl.responseDirectives(headers, shared: shared)
        let isCredentialBound = !Self.isShareable(directives, shared: shared)
        let varyNames = CacheVariant.varyNames(in: headers)
        let stored = StoredResponse(
            response.head, url: url, requestTime: requestTime, responseTime: responseTime, varyNames: varyNames,
            isCredentialBound: isCredentialBound, shared: shared)
        let variant = exchange.variant(varyNames: varyNames, isCredentialBound: isCredentialBound)
        let (storage, key) = (storage, exchange.key)
        return await BodyTee.tee(response, answering: exchange.request.head, limit: storage.maximumEntrySize) {
            guard case .whole(let body) = $0 else { return }
            await storage.store(CacheRecord(variant: variant, head: stored, body: body), forKey: key)
        }
    }

    /// Whether a response may answer requests with other credentials than its request's, or with none: when it
    /// is `public`, or, in a shared cache, has `s-maxage` or `must-revalidate` (RFC 9111 §3.5).
    static func isShareable(_ cacheControl: CacheControl, shared: Bool) -> Bool {
        cacheControl.contains("public")
            || (shared && (cacheControl.contains("s-maxage") || cacheControl.contains("must-revalidate")))
    }
}
