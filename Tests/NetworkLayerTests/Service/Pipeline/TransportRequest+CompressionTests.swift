import Foundation
import Testing

@_spi(Transport) @testable import NetworkLayer

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("TransportRequest.compressed(by:)")
struct TransportRequestCompressionTests {
    static let url = URL(fileURLWithPath: "/upload")

    static func request(body: Data, contentEncoding: String? = nil) -> TransportRequest {
        var head = URLRequest(url: url)
        head.httpMethod = "POST"
        head.httpBody = body
        head.setValue(String(body.count), forHTTPHeaderField: "Content-Length")
        head.setValue(contentEncoding, forHTTPHeaderField: "Content-Encoding")
        return TransportRequest(head: head)
    }

    @Test(
        "Which bodies are compressed",
        arguments: [
            (RequestCompression.none, 5_000, nil, nil),
            (.gzip(), 5_000, nil, "gzip"),
            (.deflate(), 5_000, nil, "deflate"),
            (.gzip(), 1_023, nil, nil),
            (.gzip(minimumSize: 0), 10, nil, "gzip"),
            (.gzip(minimumSize: 0), 0, nil, nil),
            (.gzip(), 5_000, "br", nil),
        ] as [(RequestCompression, Int, String?, String?)])
    func which(compression: RequestCompression, size: Int, existing: String?, expected: String?) throws {
        let body = DeflaterTests.body(size)
        let compressed = try Self.request(body: body, contentEncoding: existing).compressed(by: compression)
        #expect(compressed?.head.value(forHTTPHeaderField: "Content-Encoding") == expected)
        guard let compressed else { return }
        #expect(compressed.head.value(forHTTPHeaderField: "Content-Length") == nil)
        #expect(Inflate.data(try #require(compressed.head.httpBody)) == body)
    }

    @Test("A body set apart as data is compressed in place of the built one")
    func dataBody() throws {
        var request = Self.request(body: Data())
        request.body = .data(DeflaterTests.body(4_000))
        let compressed = try #require(try request.compressed(by: .gzip()))
        guard case .data(let data)? = compressed.body else { throw Failure("not data") }
        #expect(Inflate.data(data) == DeflaterTests.body(4_000))
        #expect(compressed.head.httpBody == nil)
    }

    @Test("A file is compressed as it is read, into a stream of unknown length")
    func fileBody() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("compress-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: file) }
        let content = DeflaterTests.body(300_000)
        try content.write(to: file)
        var request = Self.request(body: Data())
        request.body = .file(file)
        let compressed = try #require(try request.compressed(by: .deflate()))
        guard case .stream(let chunks, let length)? = compressed.body else { throw Failure("not a stream") }
        #expect(length == nil)
        var received = Data()
        for try await chunk in chunks { received.append(chunk) }
        #expect(Inflate.data(received) == content)
        #expect(received.count * 10 < content.count)
    }

    @Test("A file whose length cannot be read goes out as it is, for the transport to report")
    func missingFile() throws {
        var request = Self.request(body: Data())
        request.body = .file(URL(fileURLWithPath: "/nonexistent/\(UUID().uuidString)"))
        #expect(try request.compressed(by: .gzip()) == nil)
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}
