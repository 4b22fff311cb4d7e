import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Tells apart the responses stored under one key (RFC 9111 §4.1): by the values of the request fields the
/// response's `Vary` names, and by the credentials the request carried when the response belongs to them.
///
/// A variant is written as a SHA-256 digest, so no credential is kept in clear; a request matches a stored
/// response when its own variant, made of the fields that response names, is the same.
enum CacheVariant {
    /// The field names `Vary` lists, lowercased, each once, in order; `*` stands for fields no request can match.
    static func varyNames(in headers: HTTPHeaders) -> [String] {
        var names: [String] = []
        for value in headers.values(for: "Vary") {
            for name in value.split(separator: ",") {
                let name = name.trimmingHTTPWhitespace().lowercased()
                if !name.isEmpty, !names.contains(name) { names.append(name) }
            }
        }
        return names
    }

    /// The variant of `request` for a response that varies on `varyNames` and, when `credentialNames` is not
    /// `nil`, belongs to the values of those fields. Empty for a response that does neither.
    static func variant(of request: URLRequest, varyNames: [String], credentialNames: Set<String>?) -> String {
        guard !varyNames.isEmpty || credentialNames != nil else { return "" }
        var text = ""
        for name in varyNames {
            text += "v:\(name)\u{1}\(normalized(request.value(forHTTPHeaderField: name)))\u{0}"
        }
        for name in (credentialNames ?? []).sorted() {
            text += "c:\(name)\u{1}\(normalized(request.value(forHTTPHeaderField: name)))\u{0}"
        }
        // Nothing to hide in a response bound to the absence of credentials, and nothing to hash.
        guard !text.isEmpty else { return "none" }
        return SHA256.hash(Array(text.utf8)).map { String($0, radix: 16).leftPadded(to: 2) }.joined()
    }

    /// The credential fields of `request` among `names`; `nil` when it carries none.
    static func credentialNames(of request: URLRequest, among names: Set<String>) -> Set<String>? {
        let present = names.filter { request.value(forHTTPHeaderField: $0) != nil }
        return present.isEmpty ? nil : present
    }

    /// A field value with the whitespace around its list elements removed; a mark of its own when absent.
    private static func normalized(_ value: String?) -> String {
        guard let value else { return "\u{2}" }
        return value.split(separator: ",", omittingEmptySubsequences: false)
            .map { $0.trimmingHTTPWhitespace() }.joined(separator: ",")
    }
}

extension String {
    fileprivate func leftPadded(to length: Int) -> String {
        String(repeating: "0", count: max(0, length - count)) + self
    }
}
