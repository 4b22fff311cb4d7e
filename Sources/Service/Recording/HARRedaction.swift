import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What a HAR file holds of an exchange, with secrets hidden by a ``Redactor`` as ``NetworkLogger`` hides them:
/// the values of secret headers (`Authorization`, `Cookie`, `Set-Cookie`, …), query items, form fields and
/// JSON keys, URLs' user info, and every secret value the request carried wherever it comes back.
///
/// A body is written as it came when hiding changes nothing in it, so that a replay gives the same bytes; as
/// the redacted text when it does; and not at all, with a comment, when the redactor cannot tell what in it is
/// secret (text that mentions a secret name) — never with a secret in it. Bytes that are not text go as
/// base64 unless they hold a secret the request carried.
struct HARRedaction {
    let redactor: Redactor
    let secrets: EchoedSecrets

    /// The redaction for the exchange of `request`, whose body is `body`.
    init(redactor: Redactor, request: URLRequest, body: Data?) {
        var head = request
        head.httpBody = body
        self.redactor = redactor
        self.secrets = redactor.secrets(sentWith: head)
    }

    /// The URL as the file holds it.
    func url(_ url: URL) -> String {
        secrets.hiding(in: redactor.url(url))
    }

    /// A URL or a reference to one, such as a `Location` field's value, as the file holds it.
    func url(text: String) -> String {
        secrets.hiding(in: redactor.reference(Substring(text)))
    }

    /// Header fields as the file holds them, sorted by name (Foundation's order is not stable).
    func fields(_ fields: [(name: String, value: String)]) -> [HARField] {
        fields.sorted { $0.name.lowercased() < $1.name.lowercased() }.map { name, value in
            HARField(
                name: name,
                value: redactor.hidesHeader(name) ? Redactor.placeholder : redactor.value(value, hiding: secrets))
        }
    }

    /// The request as the file holds it; `body` is `nil` when the transport sent one it cannot read twice.
    func request(_ request: URLRequest, body: Data?, bodyUnread: Bool) -> HARRequest {
        let url = request.url.map(self.url) ?? ""
        let headers = fields((request.allHTTPHeaderFields ?? [:]).map { ($0.key, $0.value) })
        let contentType = request.value(forHTTPHeaderField: "Content-Type")
        var postData: HARPostData?
        if bodyUnread {
            postData = HARPostData(
                mimeType: contentType ?? "", text: nil, comment: "body sent from a file or stream: not recorded")
        } else if let body, !body.isEmpty {
            let text = requestBodyText(body, contentType: contentType)
            postData = HARPostData(
                mimeType: contentType ?? "", text: text,
                comment: text == nil ? "body of \(body.count) bytes not recorded: it could not be redacted" : nil)
        }
        return HARRequest(
            method: request.httpMethod ?? "GET", url: url, headers: headers, queryString: Self.queryItems(of: url),
            postData: postData, bodySize: body?.count ?? -1)
    }

    /// A request body's text as the file holds it and as a replay compares it, or `nil` when it cannot be
    /// redacted with certainty.
    func requestBodyText(_ body: Data, contentType: String?) -> String? {
        guard !body.isEmpty else { return "" }
        return text(of: body, contentType: contentType)
    }

    /// The response content as the file holds it.
    func content(_ outcome: BodyTee.Outcome, head: ResponseHead, limit: Int) -> HARContent {
        let mimeType = head.headers["Content-Type"] ?? ""
        switch outcome {
        case .overLimit(let size):
            let shown = size.map { "of \($0) bytes " } ?? ""
            return HARContent(
                size: size.map(Int.init) ?? -1, mimeType: mimeType,
                comment: "body \(shown)omitted: past the recorder's limit of \(limit) bytes")
        case .incomplete:
            return HARContent(size: -1, mimeType: mimeType, comment: "body omitted: it did not arrive whole")
        case .whole(let body):
            if body.isEmpty { return HARContent(size: 0, mimeType: mimeType, text: "") }
            if Self.isText(body, mimeType: mimeType) {
                guard let text = text(of: body, contentType: mimeType) else {
                    return HARContent(
                        size: body.count, mimeType: mimeType,
                        comment: "body omitted: the redactor cannot tell what in it is secret")
                }
                return HARContent(size: body.count, mimeType: mimeType, text: text)
            }
            guard !secrets.hiding(in: String(decoding: body, as: UTF8.self)).contains(Redactor.placeholder) else {
                return HARContent(
                    size: body.count, mimeType: mimeType, comment: "body omitted: it repeats a secret of the request")
            }
            return HARContent(
                size: body.count, mimeType: mimeType, text: body.base64EncodedString(), encoding: "base64")
        }
    }

    /// `body` as it came when hiding changes nothing in it, else redacted, else `nil`.
    private func text(of body: Data, contentType: String?) -> String? {
        guard let redacted = redactor.body(body, contentType: contentType, hiding: secrets) ?? jsonLines(body)
        else { return nil }
        let original = String(decoding: body, as: UTF8.self)
        let hidesNothing = !redacted.contains(Redactor.placeholder) && !original.contains(Redactor.placeholder)
        return hidesNothing ? original : redacted
    }

    /// A body of JSON values one per line (NDJSON, as `/stream` endpoints send), each redacted as JSON, or `nil`
    /// when a line is not one JSON value.
    private func jsonLines(_ body: Data) -> String? {
        guard let text = String(data: body, encoding: .utf8), text.contains("\n") else { return nil }
        var lines: [String] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.allSatisfy(\.isWhitespace) {
                lines.append(String(line))
            } else if let redacted = JSONRedaction.redacted(Data(line.utf8), by: redactor, hiding: secrets) {
                lines.append(redacted)
            } else {
                return nil
            }
        }
        return lines.joined(separator: "\n")
    }

    /// Whether a body is text the file can hold as it is: UTF-8 without control characters other than
    /// whitespace, unless its media type says it is binary.
    private static func isText(_ body: Data, mimeType: String) -> Bool {
        let type = mimeType.lowercased()
        let binary = ["image/", "audio/", "video/", "application/octet-stream", "application/zip", "application/pdf"]
        guard !binary.contains(where: type.hasPrefix), let text = String(data: body, encoding: .utf8) else {
            return false
        }
        return !text.unicodeScalars.contains { $0.value < 0x20 && !"\t\r\n".unicodeScalars.contains($0) }
    }

    /// The query items of a URL, decoded, in order.
    static func queryItems(of url: String) -> [HARField] {
        guard let start = url.firstIndex(of: "?") else { return [] }
        let query = url[url.index(after: start)...].prefix { $0 != "#" }
        return query.split(separator: "&").map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            return HARField(
                name: Redactor.formDecoded(parts[0]),
                value: parts.count > 1 ? Redactor.formDecoded(parts[1]) : "")
        }
    }
}
