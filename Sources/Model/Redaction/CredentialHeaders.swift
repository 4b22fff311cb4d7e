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

    private static func lowercasedFields(of request: URLRequest) -> [String: String] {
        var fields: [String: String] = [:]
        for (name, value) in request.allHTTPHeaderFields ?? [:] { fields[name.lowercased()] = value }
        return fields
    }
}
