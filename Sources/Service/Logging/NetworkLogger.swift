import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Logs requests and responses, with secrets redacted, to a ``LogSink``.
///
/// A request entry shows the method, URL, headers and a body preview; a response entry the
/// status, elapsed time, headers and a body preview. ``Redactor`` hides credentials by default:
/// `Authorization`, `Cookie`, `Set-Cookie`, `Proxy-Authorization` and query items, form fields or
/// JSON keys such as `api_key`, `token` and `access_token`.
public struct NetworkLogger: Sendable {
    /// Where entries go.
    public var sink: LogSink
    /// What is hidden.
    public var redactor: Redactor
    /// How many bytes of a body a preview shows.
    public var bodyPreviewLimit: Int

    /// Creates a logger.
    public init(sink: LogSink = .standardError, redactor: Redactor = Redactor(), bodyPreviewLimit: Int = 1024) {
        self.sink = sink
        self.redactor = redactor
        self.bodyPreviewLimit = bodyPreviewLimit
    }

    /// Logs an outgoing request; `attempt` counts from 1.
    public func log(request: URLRequest, attempt: Int = 1) {
        let (method, url) = (request.httpMethod ?? "GET", request.url.map(redactor.url) ?? "<no URL>")
        var lines = ["→ \(method) \(url)"]
        lines += headerLines(request.allHTTPHeaderFields ?? [:])
        if let body = request.httpBody {
            lines.append(
                "  body (\(body.count) bytes): \(bodyPreview(body, contentType: request.value(forHTTPHeaderField: "Content-Type")))"
            )
        }
        sink.write(
            LogEntry(event: .request, text: lines.joined(separator: "\n"), method: method, url: url, attempt: attempt))
    }

    /// Logs the outcome of `request`: a response or an error, how long it took, and which attempt it was.
    public func log(
        result: Result<Response, NetworkError>, for request: URLRequest, elapsed: TimeInterval, attempt: Int = 1
    ) {
        let (method, url) = (request.httpMethod ?? "GET", request.url.map(redactor.url) ?? "<no URL>")
        let target = "\(method) \(url)"
        let milliseconds = Int((elapsed * 1000).rounded())
        switch result {
        case .success(let response):
            var lines = ["← \(response.statusCode) \(target) (\(milliseconds) ms)"]
            var headers: [String: String] = [:]
            for header in response.headers { headers[header.name] = header.value }
            lines += headerLines(headers)
            let contentType = response.head.value(for: "Content-Type")
            let preview = bodyPreview(
                response.data, contentType: contentType, hiding: redactor.secrets(sentWith: request))
            lines.append("  body (\(response.data.count) bytes): \(preview)")
            sink.write(
                LogEntry(
                    event: .response, text: lines.joined(separator: "\n"), method: method, url: url,
                    statusCode: response.statusCode, duration: elapsed, attempt: attempt))
        case .failure(let error):
            let failure = error.logDescription
            sink.write(
                LogEntry(
                    event: .failure, text: "✕ \(target) (\(milliseconds) ms): \(failure)", method: method, url: url,
                    statusCode: error.response?.statusCode, duration: elapsed, attempt: attempt, failure: failure))
        }
    }

    /// `request` as a `curl` command line, with secrets redacted.
    public func cURL(for request: URLRequest) -> String {
        var parts = ["curl"]
        let method = request.httpMethod ?? "GET"
        if method != "GET" { parts.append("-X \(method)") }
        for (name, value) in (request.allHTTPHeaderFields ?? [:]).sorted(by: { $0.key < $1.key }) {
            parts.append("-H \(Self.shellQuoted("\(name): \(redactor.header(name, value: value))"))")
        }
        if let body = request.httpBody {
            parts.append(
                "--data-binary \(Self.shellQuoted(redactedBody(body, contentType: request.value(forHTTPHeaderField: "Content-Type"))))"
            )
        }
        parts.append(Self.shellQuoted(request.url.map(redactor.url) ?? ""))
        return parts.joined(separator: " ")
    }

    private func headerLines(_ headers: [String: String]) -> [String] {
        headers.sorted { $0.key.lowercased() < $1.key.lowercased() }.map { name, value in
            "  \(name): \(redactor.header(name, value: value))"
        }
    }

    /// The start of `body`, secret fields hidden, and `echoedSecrets` too where the body repeats them.
    private func bodyPreview(_ body: Data, contentType: String?, hiding echoedSecrets: Set<String> = []) -> String {
        guard !body.isEmpty else { return "(empty)" }
        let text = redactor.text(redactedBody(body, contentType: contentType), hiding: echoedSecrets)
        guard text.utf8.count > bodyPreviewLimit else { return text }
        return String(decoding: text.utf8.prefix(bodyPreviewLimit), as: UTF8.self) + "…"
    }

    /// The body as text with secret fields hidden, or a byte count when it is not text.
    private func redactedBody(_ body: Data, contentType: String?) -> String {
        let type = contentType?.lowercased() ?? ""
        if type.contains("json"), let json = redactor.json(body) { return json }
        guard let text = String(data: body, encoding: .utf8) else { return "<\(body.count) bytes of binary data>" }
        if type.contains("x-www-form-urlencoded") { return redactor.formEncoded(text) }
        if let json = redactor.json(body) { return json }
        return text
    }

    private static func shellQuoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}

extension NetworkError {
    /// A one-line description for logs; never includes bodies.
    var logDescription: String {
        switch self {
        case .invalidRequest(let error): "invalid request: \(error)"
        case .cancelled: "cancelled"
        case .timedOut: "timed out"
        case .transport(let error): "transport error: \(error)"
        case .responseTooLarge(let limit, _): "response larger than \(limit) bytes"
        case .decodingFailed(let failure): "decoding failed: \(failure.reason)"
        case .other(let description): description
        default: "status \(statusCode ?? 0)"
        }
    }
}
