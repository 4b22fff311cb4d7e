import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension NetworkError: CustomStringConvertible, CustomDebugStringConvertible, LocalizedError {
    /// What failed, in one line with its secrets hidden by ``Redactor``: the kind, then the method, the URL, the
    /// status and the start of the body for a response, or the method and URL for a request that got none, then
    /// the detail: "Timed out: GET https://api.example.com/movies, deadline 4 s".
    ///
    /// Where one cause is likely, the line ends with what to check: "Cannot connect to 127.0.0.1:8080
    /// (connection refused): GET http://127.0.0.1:8080/movies — check that a server is listening on
    /// 127.0.0.1:8080".
    public var description: String {
        let headline = headline
        var line = headline
        if let response {
            line += ": \(response.summary)"
        } else if let url {
            line += ": \(method ?? "GET") \(Redactor.standard.url(url))"
        }
        if unreachableHost == nil, let particulars { line += (line == headline ? ": " : ", ") + particulars }
        if let urlErrorCode { line += " (URLError \(urlErrorCode.rawValue))" }
        if let advice { line += " — \(advice)" }
        return line.split(whereSeparator: \.isNewline).joined(separator: " ")
    }

    /// The fields one by one, secrets hidden, for `po error` and `String(reflecting:)`: `NetworkError(kind:
    /// .notFound, response: GET https://… returned 404 Not Found, detail: …, underlying: …)`.
    public var debugDescription: String {
        var fields = ["kind: .\(kind.name)"]
        if let response {
            fields.append("response: \(response.summary)")
        } else if let url {
            fields.append("request: \(method ?? "GET") \(Redactor.standard.url(url))")
        }
        if let detail { fields.append("detail: \(redacted(detail).debugDescription)") }
        if let urlErrorCode {
            fields.append("underlying: URLError(\(urlErrorCode.rawValue))")
        } else if let underlyingError {
            fields.append("underlying: \(redacted(String(reflecting: underlyingError)).debugDescription)")
        }
        let line = "NetworkError(\(fields.joined(separator: ", ")))"
        return line.split(whereSeparator: \.isNewline).joined(separator: " ")
    }

    /// The same line as ``description``, for `localizedDescription`.
    public var errorDescription: String? { description }

    /// The detail, or else what the underlying error says of itself (a `URLError` shows as its code instead).
    var particulars: String? {
        if let detail, !detail.isEmpty { return redacted(detail) }
        guard let underlyingError, !(underlyingError is URLError) else { return nil }
        return redacted(String(describing: underlyingError))
    }

    /// `text` with secrets hidden: the standard rules, and anything the request sent, when a response arrived.
    private func redacted(_ text: String) -> String {
        response?.redacting(text) ?? Redactor.standard.text(text)
    }
}
