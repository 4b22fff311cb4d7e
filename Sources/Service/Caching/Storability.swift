/// Whether a response may be stored (RFC 9111 §3), decided from what is allowed: a `GET` or `HEAD`, a final
/// status the cache understands, nothing that forbids storing, and something that lets the response be reused.
enum Storability {
    /// The statuses whose meaning the cache knows, so that `must-understand` lets it store them whatever
    /// `no-store` says (RFC 9111 §5.2.2.3). `206` and `304` are not among them: the cache does not combine
    /// partial content, and a `304` updates a stored response rather than being one.
    static let understoodStatuses: Set<Int> = [
        200, 203, 204, 300, 301, 302, 303, 307, 308, 400, 403, 404, 405, 410, 414, 500, 501, 502, 503, 504,
    ]

    /// Whether the response with `status` and `responseHeaders` to a `method` request with `requestHeaders`
    /// may be stored, in a shared cache when `shared`.
    static func allows(
        method: String, requestHeaders: HTTPHeaders, status: Int, responseHeaders: HTTPHeaders, shared: Bool
    ) -> Bool {
        guard method == "GET" || method == "HEAD", status >= 200, status != 206, status != 304 else { return false }
        let response = CDNCacheControl.responseDirectives(responseHeaders, shared: shared)
        guard !CacheControl(requestHeaders).contains("no-store") else { return false }
        if response.contains("must-understand") {
            guard understoodStatuses.contains(status) else { return false }
        } else if response.contains("no-store") {
            return false
        }
        if shared {
            if response.contains("private"), response.fieldNames("private").isEmpty { return false }
            if requestHeaders["Authorization"] != nil,
                !response.contains("must-revalidate"), !response.contains("public"), !response.contains("s-maxage")
            {
                return false
            }
        }
        guard !CacheVariant.varyNames(in: responseHeaders).contains("*") else { return false }
        return response.contains("public") || (!shared && response.contains("private"))
            || responseHeaders["Expires"] != nil || response.contains("max-age")
            || (shared && response.contains("s-maxage"))
            || StoredResponse.heuristicallyCacheableStatuses.contains(status)
    }
}
