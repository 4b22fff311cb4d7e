import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension ResponseHead {
    /// Whether a response to `request` with this head can carry a body at all: not for `HEAD`, nor with
    /// status 1xx, 204 or 304 (RFC 9110 §6.4.1).
    public func mayHaveBody(after request: URLRequest) -> Bool {
        request.httpMethod != "HEAD" && statusCode >= 200 && statusCode != 204 && statusCode != 304
    }

    /// The length the body has as it is read: the `Content-Length`, unless the body is compressed
    /// (transports hand over the decoded bytes, so the length would not match).
    var decodedLength: Int64? {
        let encoding = value(for: "Content-Encoding")?.lowercased() ?? "identity"
        return encoding == "identity" ? expectedContentLength : nil
    }

    /// The error a head shows by itself, or `nil`: `Content-Length` fields that disagree make the body's
    /// end unknowable (RFC 9112 §6.3), so the response cannot be trusted, whatever bytes arrived.
    var framingError: TransportError? {
        guard let field = value(for: "Content-Length"), field.contains(Character(",")) else { return nil }
        let values = Set(field.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) })
        guard values.count > 1 else { return nil }
        return TransportError(.badResponse, detail: "conflicting Content-Length values \(field)")
    }
}
