import Foundation

/// A `multipart/form-data` body (RFC 7578): text fields, in-memory data and files.
///
/// ```swift
/// var form = MultipartFormData()
/// form.append("Dune", name: "title")
/// form.appendFile(at: posterURL, name: "poster", mimeType: "image/jpeg")
/// // case createMovie(MultipartFormData), whose task is .uploadMultipart(form):
/// let response = try await router.upload(.createMovie(form)) { print($0.fractionCompleted ?? 0) }
/// ```
///
/// File parts are never loaded whole: when the request is sent, the form is written to a temporary file,
/// file parts copied in small chunks, and the transport uploads that file with a `Content-Length`.
public struct MultipartFormData: Sendable, Hashable {
    /// One part of the form.
    struct Part: Sendable, Hashable {
        /// Where a part's bytes come from.
        enum Content: Sendable, Hashable {
            /// Bytes in memory.
            case data(Data)
            /// The contents of a local file, read when the body is written.
            case file(URL)
        }

        /// The form field name.
        let name: String
        /// The file name the server sees, if the part is a file.
        let fileName: String?
        /// The part's `Content-Type`, if it has one.
        let mimeType: String?
        /// The part's bytes.
        let content: Content
    }

    /// The delimiter between parts. It must not occur in any part's content.
    let boundary: String
    /// The parts, in the order they are sent.
    private(set) var parts: [Part] = []

    /// Creates an empty form. The default boundary is random, so it cannot collide with the content.
    public init(boundary: String = "NetworkLayer-\(UUID().uuidString)") {
        self.boundary = boundary
    }

    /// The `Content-Type` header value for this form, boundary included.
    var contentType: String { "multipart/form-data; boundary=\(boundary)" }

    /// Appends a text field, sent as UTF-8.
    public mutating func append(_ value: String, name: String) {
        parts.append(Part(name: name, fileName: nil, mimeType: nil, content: .data(Data(value.utf8))))
    }

    /// Appends bytes; give a `fileName` to make the part a file upload.
    public mutating func append(_ data: Data, name: String, fileName: String? = nil, mimeType: String? = nil) {
        let type = mimeType ?? (fileName == nil ? nil : "application/octet-stream")
        parts.append(Part(name: name, fileName: fileName, mimeType: type, content: .data(data)))
    }

    /// Appends a local file as a file upload. It is read when the body is written, in chunks.
    ///
    /// - Parameters:
    ///   - fileURL: A `file:` URL.
    ///   - name: The form field name.
    ///   - fileName: The name the server sees. Defaults to the file's last path component.
    ///   - mimeType: The part's `Content-Type`. Defaults to a guess from the file extension.
    public mutating func appendFile(at fileURL: URL, name: String, fileName: String? = nil, mimeType: String? = nil) {
        parts.append(
            Part(
                name: name,
                fileName: fileName ?? fileURL.lastPathComponent,
                mimeType: mimeType ?? MIMEType.guess(forExtension: fileURL.pathExtension),
                content: .file(fileURL)
            )
        )
    }

    /// The head of `part`: its boundary line and headers, ending in the blank line before its content.
    ///
    /// - Throws: ``RequestBuildError/invalidMultipartPart(name:)`` when the part's name or file name holds
    ///   a control character, or its MIME type anything but printable ASCII.
    func head(of part: Part, isFirst: Bool) throws(RequestBuildError) -> Data {
        guard Self.isText(part.name), part.fileName.map(Self.isText) ?? true,
            part.mimeType.map(Self.isPrintableASCII) ?? true
        else { throw .invalidMultipartPart(name: part.name) }
        var head = isFirst ? "" : "\r\n"
        head += "--\(boundary)\r\nContent-Disposition: form-data; name=\"\(Self.quoted(part.name))\""
        if let fileName = part.fileName { head += "; filename=\"\(Self.quoted(fileName))\"" }
        head += "\r\n"
        if let mimeType = part.mimeType { head += "Content-Type: \(mimeType)\r\n" }
        return Data((head + "\r\n").utf8)
    }

    /// The closing delimiter.
    var closing: Data {
        Data(((parts.isEmpty ? "" : "\r\n") + "--\(boundary)--\r\n").utf8)
    }

    /// The inside of a quoted-string with no character a parser reads as syntax: `"` becomes `%22`, as
    /// browsers send it (WHATWG HTML), and `\` becomes `%5C`, because parsers that follow RFC 2045 read it
    /// as an escape (a name ending in `\` would swallow the closing quote) and those that follow WHATWG
    /// do not, so no escape with a backslash reads the same in both.
    private static func quoted(_ value: String) -> String {
        value.replacingOccurrences(of: "\"", with: "%22").replacingOccurrences(of: "\\", with: "%5C")
    }

    /// Whether `value` has no control character (C0, DEL or C1), which could end or forge a header line.
    private static func isText(_ value: String) -> Bool {
        !value.unicodeScalars.contains { $0.properties.generalCategory == .control }
    }

    /// Whether `value` is printable ASCII, the only characters of a media type (RFC 9110, 8.3.1).
    private static func isPrintableASCII(_ value: String) -> Bool {
        value.utf8.allSatisfy { (0x20...0x7E).contains($0) }
    }
}
