import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Writes parameters into a request: its query string, or its body.
///
/// Encoders are pure: request in, request out, no I/O, so they are tested without a network. The two
/// built-in ones, ``URLParameterEncoder`` and ``JSONParameterEncoder``, also write `Encodable` values.
public protocol ParameterEncoder: Sendable {
    /// Encodes `parameters` into `urlRequest`. A `Content-Type` is set only if the request has none.
    func encode(urlRequest: inout URLRequest, with parameters: Parameters) throws(RequestBuildError)
}

extension URLRequest {
    /// Sets `Content-Type` unless the caller already chose one.
    ///
    /// The fields are rewritten as a whole: on Linux, `setValue(_:forHTTPHeaderField:)` costs about
    /// four times as much, as it capitalizes the name and compares it through `NSString`.
    mutating func setContentTypeIfAbsent(_ contentType: String) {
        var fields = allHTTPHeaderFields ?? [:]
        guard !fields.keys.contains(where: { $0.caseInsensitiveEquals("Content-Type") }) else { return }
        fields["Content-Type"] = contentType
        allHTTPHeaderFields = fields
    }
}
