import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Logs requests and responses, with secrets redacted, to a ``LogSink``.
///
/// A request entry shows the method, URL, headers and a body preview; a response entry the
/// status, elapsed time, headers and a body preview. ``Redactor`` decides what is hidden: the values of
/// headers, query items, form fields and JSON keys whose names look like credentials (`Authorization`,
/// `X-Functions-Key`, `api_key`, `access_token`, …), the user info of URLs, and every secret value the
/// request carried wherever the response repeats it. A body it cannot redact with certainty is shown as its
/// size, `<1234 bytes>`.
public struct NetworkLogger: Sendable {
    /// Where entries go.
    public var sink: LogSink
    /// What is hidden.
    var redactor: Redactor
    /// How many bytes of a body a preview shows.
    var bodyPreviewLimit: Int

    /// Creates a logger.
    ///
    /// - Parameters:
    ///   - sink: Where entries go. Defaults to standard error.
    ///   - redactor: What is hidden. Defaults to the ``Redactor`` rule with nothing added.
    ///   - bodyPreviewLimit: How many bytes of a body a preview shows. Defaults to 1024.
    public init(sink: LogSink = .standardError, redactor: Redactor = Redactor(), bodyPreviewLimit: Int = 1024) {
        self.sink = sink
        self.redactor = redactor
        self.bodyPreviewLimit = bodyPreviewLimit
    }

    /// Logs an outgoing request; `attempt` counts from 1.
    func log(request: URLRequest, attempt: Int = 1) {
        let secrets = redactor.secrets(sentWith: request)
        let (method, url) = (request.httpMethod ?? "GET", redactedURL(of: request, hiding: secrets))
        var lines = ["→ \(method) \(url)"]
        lines += headerLines(request.allHTTPHeaderFields?.map { ($0.key, $0.value) } ?? [], hiding: secrets)
        if let body = request.httpBody {
            lines.append(
                bodyLine(body, contentType: request.value(forHTTPHeaderField: "Content-Type"), hiding: secrets))
        }
        sink.write(
            LogEntry(
                event: .request, text: secrets.hiding(in: lines.joined(separator: "\n")), method: method, url: url,
                attempt: attempt))
    }

    /// Logs the outcome of `request`: a response or an error, how long it took, and which attempt it was.
    func log(
        result: Result<Response, NetworkError>, for request: URLRequest, elapsed: TimeInterval, attempt: Int = 1
    ) {
        let secrets = redactor.secrets(sentWith: request)
        let (method, url) = (request.httpMethod ?? "GET", redactedURL(of: request, hiding: secrets))
        let target = "\(method) \(url)"
        let milliseconds = Int((elapsed * 1000).rounded())
        switch result {
        case .success(let response):
            var lines = ["← \(response.statusCode) \(target) (\(milliseconds) ms)"]
            lines += headerLines(response.headers.map { ($0.name, $0.value) }, hiding: secrets)
            lines.append(
                bodyLine(response.data, contentType: response.head.value(for: "Content-Type"), hiding: secrets))
            sink.write(
                LogEntry(
                    event: .response, text: secrets.hiding(in: lines.joined(separator: "\n")), method: method,
                    url: url, statusCode: response.statusCode, duration: elapsed, attempt: attempt))
        case .failure(let error):
            let failure = secrets.hiding(in: redactor.text(error.logDescription))
            sink.write(
                LogEntry(
                    event: .failure, text: "✕ \(target) (\(milliseconds) ms): \(failure)", method: method, url: url,
                    statusCode: error.response?.statusCode, duration: elapsed, attempt: attempt, failure: failure))
        }
    }

    /// Logs that the event stream `request` opened connects again in `delay` seconds, after `failure`, or
    /// after its connection ended when that is `nil`; `attempt` counts the connections in a row that failed.
    func log(reconnecting request: URLRequest, in delay: TimeInterval, after failure: NetworkError?, attempt: Int) {
        let secrets = redactor.secrets(sentWith: request)
        let (method, url) = (request.httpMethod ?? "GET", redactedURL(of: request, hiding: secrets))
        let cause = failure.map { secrets.hiding(in: redactor.text($0.logDescription)) }
        let wait = String(format: "%.1f", delay)
        sink.write(
            LogEntry(
                event: .reconnect,
                text: "↻ \(method) \(url): reconnecting in \(wait) s, after \(cause ?? "the connection ended")",
                method: method, url: url, attempt: attempt, failure: cause))
    }

    /// `request` as a `curl` command line, with secrets redacted; a body that cannot be redacted with
    /// certainty is replaced by its size.
    public func cURL(for request: URLRequest) -> String {
        let secrets = redactor.secrets(sentWith: request)
        var parts = ["curl"]
        let method = request.httpMethod ?? "GET"
        if method != "GET" { parts.append("-X \(method)") }
        for (name, value) in (request.allHTTPHeaderFields ?? [:]).sorted(by: { $0.key < $1.key }) {
            parts.append("-H \(Self.shellQuoted("\(name): \(headerValue(name, value, hiding: secrets))"))")
        }
        if let body = request.httpBody {
            let contentType = request.value(forHTTPHeaderField: "Content-Type")
            let shown = redactor.body(body, contentType: contentType, hiding: secrets) ?? "<\(body.count) bytes>"
            parts.append("--data-binary \(Self.shellQuoted(shown))")
        }
        parts.append(Self.shellQuoted(redactedURL(of: request, hiding: secrets)))
        return secrets.hiding(in: parts.joined(separator: " "))
    }

    private func redactedURL(of request: URLRequest, hiding secrets: EchoedSecrets) -> String {
        request.url.map { secrets.hiding(in: redactor.url($0)) } ?? "<no URL>"
    }

    private func headerLines(_ headers: [(name: String, value: String)], hiding secrets: EchoedSecrets) -> [String] {
        headers.sorted { $0.name.lowercased() < $1.name.lowercased() }.map { name, value in
            "  \(name): \(headerValue(name, value, hiding: secrets))"
        }
    }

    /// A header's value: hidden when its name is secret, else with URLs, pairs and echoed secrets in it hidden.
    private func headerValue(_ name: String, _ value: String, hiding secrets: EchoedSecrets) -> String {
        redactor.hidesHeader(name) ? Redactor.placeholder : redactor.value(value, hiding: secrets)
    }

    /// `  body (N bytes): preview`, the preview cut at ``bodyPreviewLimit``, or `  body: <N bytes>` for a body
    /// that cannot be redacted with certainty.
    private func bodyLine(_ body: Data, contentType: String?, hiding secrets: EchoedSecrets) -> String {
        guard !body.isEmpty else { return "  body (0 bytes): (empty)" }
        guard let text = redactor.body(body, contentType: contentType, hiding: secrets) else {
            return "  body: <\(body.count) bytes>"
        }
        guard text.utf8.count > bodyPreviewLimit else { return "  body (\(body.count) bytes): \(text)" }
        return "  body (\(body.count) bytes): "
            + String(decoding: text.utf8.prefix(bodyPreviewLimit), as: UTF8.self) + "…"
    }

    private static func shellQuoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}

extension NetworkError {
    /// A one-line description for logs, after the request's method and URL; never includes bodies.
    var logDescription: String {
        if kind == .decodingFailed, let response, let detail { return "decoding failed: \(response.redacting(detail))" }
        if let statusCode { return "status \(statusCode)" }
        let name = headline.prefix(1).lowercased() + headline.dropFirst()
        let line = unreachableHost == nil ? particulars.map { "\(name), \($0)" } ?? name : name
        return advice.map { "\(line) — \($0)" } ?? line
    }
}
