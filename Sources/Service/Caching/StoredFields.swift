/// Which response fields a cache keeps (RFC 9111 §3.1) and how a `304` updates them (§3.2).
enum StoredFields {
    /// Fields that describe one connection, never a stored response (RFC 9110 §7.6.1).
    static let hopByHop: Set<String> = [
        "connection", "keep-alive", "proxy-connection", "te", "transfer-encoding", "upgrade",
        "proxy-authenticate", "proxy-authentication-info", "proxy-authorization", "trailer",
    ]

    /// The field of a `304` that does not replace the stored one: it describes the stored body, which the
    /// `304` did not carry.
    static let describingBody: Set<String> = ["content-length"]

    /// `headers` without the fields a cache must not store: the hop-by-hop fields and those `Connection` names,
    /// and, in a shared cache, those a qualified `private` names.
    static func storable(_ headers: HTTPHeaders, shared: Bool) -> [HTTPHeader] {
        let excluded = excludedNames(in: headers, shared: shared)
        return headers.filter { !excluded.contains($0.name.lowercased()) }
    }

    /// `stored` with the fields of `update` in place of those of the same names (RFC 9111 §3.2), but for the
    /// fields not stored and those describing the body.
    static func updating(_ stored: HTTPHeaders, with update: HTTPHeaders, shared: Bool) -> HTTPHeaders {
        let excluded = excludedNames(in: update, shared: shared).union(describingBody)
        let replaced = Set(update.map { $0.name.lowercased() }).subtracting(excluded)
        var headers = HTTPHeaders()
        for field in stored where !replaced.contains(field.name.lowercased()) {
            headers.add(name: field.name, value: field.value)
        }
        for field in update where replaced.contains(field.name.lowercased()) {
            headers.add(name: field.name, value: field.value)
        }
        return headers
    }

    private static func excludedNames(in headers: HTTPHeaders, shared: Bool) -> Set<String> {
        var excluded = hopByHop
        for value in headers.values(for: "Connection") {
            for name in value.split(separator: ",") { excluded.insert(name.trimmingHTTPWhitespace().lowercased()) }
        }
        if shared { excluded.formUnion(CacheControl(headers).fieldNames("private")) }
        return excluded
    }
}
