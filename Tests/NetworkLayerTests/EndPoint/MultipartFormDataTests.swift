import Foundation
import Testing

@_spi(Transport) @testable import NetworkLayer

@Suite("MultipartFormData")
struct MultipartFormDataTests {
    static func temporaryFile(_ contents: Data, name: String = "part.txt") throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("mp-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let url = directory.appendingPathComponent(name)
        try contents.write(to: url)
        return url
    }

    @Test("fields, data and file parts are framed as RFC 7578 says")
    func framing() throws {
        let file = try Self.temporaryFile(Data("file body".utf8), name: "notes.txt")
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        var form = MultipartFormData(boundary: "XyZ")
        form.append("café", name: "title")
        form.append(Data([0, 1]), name: "blob", fileName: "b.bin")
        form.appendFile(at: file, name: "doc")

        let expected =
            "--XyZ\r\nContent-Disposition: form-data; name=\"title\"\r\n\r\ncafé\r\n"
            + "--XyZ\r\nContent-Disposition: form-data; name=\"blob\"; filename=\"b.bin\"\r\n"
            + "Content-Type: application/octet-stream\r\n\r\n\u{0}\u{1}\r\n"
            + "--XyZ\r\nContent-Disposition: form-data; name=\"doc\"; filename=\"notes.txt\"\r\n"
            + "Content-Type: text/plain\r\n\r\nfile body\r\n--XyZ--\r\n"
        #expect(try form.encoded() == Data(expected.utf8))
        #expect(form.contentType == "multipart/form-data; boundary=XyZ")
    }

    /// Control characters: every C0 (NUL, TAB, CR, LF...), DEL and a C1 (NEL).
    static let controls: [String] = (0x00...0x1F).map { String(UnicodeScalar(UInt8($0))) } + ["\u{7F}", "\u{85}"]

    /// A part with `control` in its name, its file name or its MIME type.
    struct HostilePart: Sendable {
        let name: String
        let fileName: String?
        let mimeType: String?

        static func all(with control: String) -> [HostilePart] {
            [
                HostilePart(name: "a\(control)b", fileName: nil, mimeType: nil),
                HostilePart(name: "f", fileName: "x\(control).txt", mimeType: nil),
                HostilePart(name: "f", fileName: "x.txt", mimeType: "text/plain\(control)"),
                HostilePart(name: control, fileName: nil, mimeType: nil),
                HostilePart(name: "f", fileName: control, mimeType: "text/plain"),
                HostilePart(name: "f", fileName: "x", mimeType: "\(control)text/plain"),
            ]
        }
    }

    @Test("a control character in a name, a file name or a MIME type is refused", arguments: controls)
    func refusesControls(control: String) {
        for part in HostilePart.all(with: control) {
            var form = MultipartFormData(boundary: "b")
            form.append(Data("v".utf8), name: part.name, fileName: part.fileName, mimeType: part.mimeType)
            let expected = RequestBuildError.invalidMultipartPart(name: part.name)
            do {
                _ = try form.encoded()
                Issue.record("encoded \(part)")
            } catch {
                #expect(error == expected)
            }
            let output = FileManager.default.temporaryDirectory.appendingPathComponent("mp-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: output) }
            do {
                try form.write(to: output)
                Issue.record("wrote \(part)")
            } catch {
                #expect(error == expected)
            }
        }
    }

    static let mimeTypeVerdicts: [(String, Bool)] = [
        ("text/plain; charset=\"utf-8\"", true), ("image/png", true), ("text/pl\u{E1}in", false),
    ]

    @Test("a MIME type outside printable ASCII is refused; a parameter with quotes is not", arguments: mimeTypeVerdicts)
    func mimeTypes(mimeType: String, accepted: Bool) throws {
        var form = MultipartFormData(boundary: "b")
        form.append(Data(), name: "f", fileName: "x", mimeType: mimeType)
        let body = try? form.encoded()
        #expect((body != nil) == accepted)
        if let body { #expect(String(decoding: body, as: UTF8.self).contains("Content-Type: \(mimeType)\r\n")) }
    }

    /// A name or file name, and how it is written inside its quotes.
    static let quotedValues: [(String, String)] = [
        ("a\"b", "a%22b"), ("a\\", "a%5C"), ("a\\\"; filename=\"evil.php", "a%5C%22; filename=%22evil.php"),
        ("C:\\photos\\x.jpg", "C:%5Cphotos%5Cx.jpg"), ("caf\u{E9} \u{1F600}", "caf\u{E9} \u{1F600}"),
        ("%22", "%22"), ("a;b=c", "a;b=c"),
    ]

    @Test(
        "quotes and backslashes are percent-encoded, so no parser reads them as the end of the value",
        arguments: quotedValues)
    func quoting(value: String, written: String) throws {
        var form = MultipartFormData(boundary: "b")
        form.append(Data(), name: value, fileName: value)
        let text = String(decoding: try form.encoded(), as: UTF8.self)
        #expect(text.contains("name=\"\(written)\"; filename=\"\(written)\"\r\n"))
    }

    @Test("the router refuses such a form before anything is sent")
    func routerRefuses() async throws {
        let transport = CredentialHeadersTests.RecordingTransport()
        let router = Router<TestEndpoint>(transport: transport)
        var form = MultipartFormData()
        form.append(Data(), name: "f", fileName: "x.txt", mimeType: "text/plain\u{0}")
        do {
            _ = try await router.request(TestEndpoint(httpMethod: .post, task: .uploadMultipart(form)))
            Issue.record("the form was sent")
        } catch {
            guard let reason = error.buildError else {
                Issue.record("failed with \(error)")
                return
            }
            #expect(reason == .invalidMultipartPart(name: "f"))
        }
        #expect(transport.requests.current.isEmpty)
    }

    @Test("an empty form is just the closing delimiter")
    func empty() throws {
        #expect(try MultipartFormData(boundary: "e").encoded() == Data("--e--\r\n".utf8))
    }

    @Test("write(to:) streams a file larger than one chunk and matches encoded()", arguments: [0, 1, 65_536, 200_001])
    func writeMatchesEncoded(size: Int) throws {
        let bytes = Data((0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        let file = try Self.temporaryFile(bytes, name: "big.bin")
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        var form = MultipartFormData()
        form.append("v", name: "k")
        form.appendFile(at: file, name: "f", mimeType: "application/x-test")
        let output = file.deletingLastPathComponent().appendingPathComponent("body")

        try form.write(to: output)

        let written = try Data(contentsOf: output)
        #expect(written == (try form.encoded()))
        #expect(written.count > size)
    }

    @Test("a missing file part fails with encodingFailed")
    func missingFile() {
        var form = MultipartFormData()
        form.appendFile(at: URL(fileURLWithPath: "/nonexistent/\(UUID().uuidString).png"), name: "f")
        #expect(form.parts.first?.mimeType == "image/png")
        #expect {
            try form.encoded()
        } throws: { error in
            if case .encodingFailed = error as? RequestBuildError { return true }
            return false
        }
    }

    @Test("the default boundary differs from form to form")
    func randomBoundary() {
        #expect(MultipartFormData().boundary != MultipartFormData().boundary)
    }
}
