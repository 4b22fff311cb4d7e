import Foundation
import NetworkLayer
import Testing

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

    @Test("quotes, CR and LF in names are percent-encoded, so they cannot break the part head")
    func quoting() throws {
        var form = MultipartFormData(boundary: "b")
        form.append(Data(), name: "a\"b\r\nc", fileName: "x\".txt", mimeType: "text/plain\r\nX-Evil: 1")
        let text = String(decoding: try form.encoded(), as: UTF8.self)
        #expect(text.contains("name=\"a%22b%0D%0Ac\"; filename=\"x%22.txt\""))
        #expect(text.contains("Content-Type: text/plainX-Evil: 1\r\n"))
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
