import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension Response: CustomStringConvertible, CustomDebugStringConvertible {
    /// The most of a body a description shows, in bytes.
    static let bodyPreviewLimit = 200

    /// Method, URL (secrets hidden by ``Redactor``), status and the start of the body, in one line.
    public var description: String { summary }

    /// The same line as ``description``.
    public var debugDescription: String { summary }

    var summary: String {
        let redactor = Redactor.standard
        let method = request.httpMethod ?? "GET"
        let url = (request.url ?? head.url).map(redactor.url) ?? "<no URL>"
        let reason = HTTPURLResponse.localizedString(forStatusCode: statusCode)
        var line = "\(method) \(url) returned \(statusCode) \(reason)"
        if !data.isEmpty { line += ", body: \(bodyPreview(redactor))" }
        return line
    }

    /// The first ``bodyPreviewLimit`` bytes of the body on one line, with secret JSON keys and form fields
    /// hidden, and the request's own secrets where the body echoes them.
    private func bodyPreview(_ redactor: Redactor) -> String {
        guard let text = String(data: data, encoding: .utf8) else { return "\(data.count) bytes of binary data" }
        let redacted = redactor.text(
            redactor.json(data) ?? redactor.text(text), hiding: redactor.secrets(sentWith: request))
        let oneLine = redacted.split(whereSeparator: \.isNewline).joined(separator: " ")
        let preview = String(decoding: Data(oneLine.utf8).prefix(Self.bodyPreviewLimit), as: UTF8.self)
        return preview.utf8.count < oneLine.utf8.count ? preview + "… (\(data.count) bytes)" : preview
    }
}
