import Foundation
import HTTPTypes
import OpenAPIRuntime

/// A request reduced to what the comparison looks at.
struct SeenRequest: Equatable, CustomStringConvertible {
    var method: String
    var path: String
    /// `name=value` pairs, percent-decoded and sorted: the query as a multiset.
    var query: [String]
    /// The media type, without parameters such as `charset`.
    var mediaType: String?
    /// The whole `Content-Type`, reported but not compared.
    var contentType: String?
    /// The body in a form that compares by meaning: canonical JSON, sorted form pairs, or Base64 bytes.
    var body: String

    static func == (lhs: SeenRequest, rhs: SeenRequest) -> Bool {
        lhs.method == rhs.method && lhs.path == rhs.path && lhs.query == rhs.query && lhs.mediaType == rhs.mediaType
            && lhs.body == rhs.body
    }

    var description: String {
        "\(method) \(path) query=\(query) content-type=\(contentType ?? "none") body=\(body)"
    }

    init(method: String, url: URL?, contentType: String?, body: Data?) {
        self.method = method
        let components = url.flatMap { URLComponents(url: $0, resolvingAgainstBaseURL: false) }
        path = components?.percentEncodedPath ?? ""
        query = Self.pairs(components?.percentEncodedQuery)
        self.contentType = contentType
        mediaType = contentType?.split(separator: ";").first.map {
            $0.trimmingCharacters(in: .whitespaces).lowercased()
        }
        self.body = Self.canonical(body, mediaType: mediaType, contentType: contentType)
    }

    /// `a=1&b=x%20y` as sorted decoded pairs; `+` is a space, as forms write it.
    static func pairs(_ text: String?) -> [String] {
        guard let text, !text.isEmpty else { return [] }
        return text.split(separator: "&").map { pair in
            pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map {
                $0.replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? String($0)
            }.joined(separator: "=")
        }.sorted()
    }

    /// A multipart body as sorted `name=content` parts; each side picks its own boundary, so bytes differ.
    static func parts(_ body: Data, contentType: String?) -> [String] {
        guard let boundary = contentType?.components(separatedBy: "boundary=").last else { return [] }
        let text = String(decoding: body, as: UTF8.self)
        return text.components(separatedBy: "--" + boundary).compactMap { part -> String? in
            guard let split = part.range(of: "\r\n\r\n") else { return nil }
            let head = part[..<split.lowerBound]
            guard let nameStart = head.range(of: "name=\"") else { return nil }
            let name = head[nameStart.upperBound...].prefix { $0 != "\"" }
            var content = String(part[split.upperBound...])
            if content.hasSuffix("\r\n") { content.removeLast() }
            return "\(name)=\(content)"
        }.sorted()
    }

    static func canonical(_ body: Data?, mediaType: String?, contentType: String?) -> String {
        guard let body, !body.isEmpty else { return "none" }
        switch mediaType {
        case "application/json":
            guard let value = try? JSONSerialization.jsonObject(with: body, options: [.fragmentsAllowed]),
                let data = try? JSONSerialization.data(
                    withJSONObject: value, options: [.sortedKeys, .fragmentsAllowed])
            else { return "invalid JSON" }
            return "json " + String(decoding: data, as: UTF8.self)
        case "application/x-www-form-urlencoded":
            return "form \(pairs(String(decoding: body, as: UTF8.self)))"
        case "multipart/form-data":
            return "multipart \(parts(body, contentType: contentType))"
        default:
            return "bytes " + body.base64EncodedString()
        }
    }
}

/// Keeps the last request a generated client sent, and answers every request with status 599.
actor Recorder {
    private(set) var last: SeenRequest?

    func record(_ request: SeenRequest) { last = request }

    func take() -> SeenRequest? {
        defer { last = nil }
        return last
    }
}

/// A `ClientTransport` that records instead of sending.
struct RecordingTransport: ClientTransport {
    let recorder: Recorder

    func send(
        _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String
    ) async throws -> (HTTPResponse, HTTPBody?) {
        var data: Data?
        if let body { data = try await Data(collecting: body, upTo: 10_000_000) }
        let url = URL(string: baseURL.absoluteString + (request.path ?? ""))
        await recorder.record(
            SeenRequest(
                method: request.method.rawValue, url: url, contentType: request.headerFields[.contentType],
                body: data))
        return (HTTPResponse(status: .init(code: 599)), nil)
    }
}
