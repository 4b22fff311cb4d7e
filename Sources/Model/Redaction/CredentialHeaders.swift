import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Finds the header fields of a request that carry credentials, which a redirect to another origin
/// must not carry along.
enum CredentialHeaders {
    /// The names of the fields `after` adds or changes compared with `before`, lowercased.
    static func changed(from before: URLRequest, to after: URLRequest) -> Set<String> {
        let old = lowercasedFields(of: before)
        return Set(lowercasedFields(of: after).filter { old[$0.key] != $0.value }.keys)
    }

    /// The names of the fields of `request` that any of `redactors` hides, lowercased.
    static func secret(in request: URLRequest, by redactors: [Redactor]) -> Set<String> {
        var names: Set<String> = []
        for name in (request.allHTTPHeaderFields ?? [:]).keys where redactors.contains(where: { $0.hidesHeader(name) })
        {
            names.insert(name.lowercased())
        }
        return names
    }

    private static func lowercasedFields(of request: URLRequest) -> [String: String] {
        var fields: [String: String] = [:]
        for (name, value) in request.allHTTPHeaderFields ?? [:] { fields[name.lowercased()] = value }
        return fields
    }
}
