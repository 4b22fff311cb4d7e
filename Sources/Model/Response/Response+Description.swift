import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension Response: CustomStringConvertible {
    /// The most of a body a description shows, in bytes.
    static let bodyPreviewLimit = 200

    /// Method, URL (secrets hidden by ``Redactor``), status and the start of the body, in one line;
    /// `String(reflecting:)` shows the same.
    public var description: String { summary }

    var summary: String {
        let redactor = Redactor.standard
        let secrets = redactor.secrets(sentWith: request)
        let method = request.httpMethod ?? "GET"
        let url = (request.url ?? head.url).map(redactor.url) ?? "<no URL>"
        let reason = HTTPURLResponse.localizedString(forStatusCode: statusCode)
        var line = "\(method) \(url) returned \(statusCode) \(reason)"
        if !data.isEmpty { line += ", body: \(bodyPreview(redactor, hiding: secrets))" }
        return secrets.hiding(in: line)
    }

    /// `text` about this response, such as a decoder's message, with secrets and what the request sent hidden.
    func redacting(_ text: String) -> String {
        Redactor.standard.secrets(sentWith: request).hiding(in: Redactor.standard.text(text))
    }

    /// The first ``bodyPreviewLimit`` bytes of the body on one line, redacted by ``Redactor/body(_:contentType:hiding:)``,
    /// or `<N bytes>` for a body that cannot be redacted with certainty.
    private func bodyPreview(_ redactor: Redactor, hiding secrets: EchoedSecrets) -> String {
        guard let redacted = redactor.body(data, contentType: head.value(for: "Content-Type"), hiding: secrets) else {
            return "<\(data.count) bytes>"
        }
        let oneLine = redacted.split(whereSeparator: \.isNewline).joined(separator: " ")
        let preview = String(decoding: Data(oneLine.utf8).prefix(Self.bodyPreviewLimit), as: UTF8.self)
        return preview.utf8.count < oneLine.utf8.count ? preview + "… (\(data.count) bytes)" : preview
    }
}
