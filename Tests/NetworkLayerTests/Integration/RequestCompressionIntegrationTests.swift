import Foundation
@_spi(Transport) import NetworkLayer
import TestSupport
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Compressed request bodies against a peer that decodes them as they arrive and reports what it received: the
/// fault server's `/decompress` (scripts/fault_server.py), over this package's transport and, in the integrations
/// package, over `AsyncHTTPClientTransport`.
@Suite("Integration: request compression", .needsFaultServer)
struct RequestCompressionIntegrationTests {
    /// `POST /decompress`, the body from memory or a file; `refuse` makes the peer answer `415` to an encoded one.
    struct Decompress: EndPointType {
        var body: Body
        var requestCompression: RequestCompression?
        var refuse = false

        enum Body {
            case data(Data)
            case file(URL)
        }

        var baseURL: URL { FaultServerPeer.baseURL }
        var path: String { "decompress" }
        var httpMethod: HTTPMethod { .post }
        var headers: HTTPHeaders? { nil }
        var task: HTTPTask {
            let query: Parameters? = refuse ? ["refuse": "1"] : nil
            switch body {
            case .data(let data): return .requestData(data, contentType: "application/json", urlParameters: query)
            case .file(let file): return .uploadFile(file, contentType: "application/json", urlParameters: query)
            }
        }
    }

    /// What the peer received.
    struct Received: Decodable, Equatable {
        let sha256: String
        let decodedBytes: Int
        let wireBytes: Int
        let contentEncoding: String

        enum CodingKeys: String, CodingKey {
            case sha256
            case decodedBytes = "decoded_bytes"
            case wireBytes = "wire_bytes"
            case contentEncoding = "content_encoding"
        }
    }

    @Test(
        "A 1 MiB TMDB-like JSON body arrives intact in at most 15 % of its bytes",
        arguments: [RequestCompression.gzip(), .deflate()], [false, true])
    func compressed(compression: RequestCompression, fromFile: Bool) async throws {
        let json = TMDBLikePages.json(atLeast: 1 << 20)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("compress-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: file) }
        try json.write(to: file)
        let router = try FaultServerPeer.peer.makeRouter(
            for: Decompress.self, configuration: RouterConfiguration(requestCompression: compression))
        let endpoint = Decompress(body: fromFile ? .file(file) : .data(json))
        let received = try await router.request(endpoint).decode(Received.self)
        #expect(received.sha256 == (try await Self.plainDigest(of: json)))
        #expect(received.decodedBytes == json.count)
        #expect(received.contentEncoding == (compression == .gzip() ? "gzip" : "deflate"))
        #expect(received.wireBytes * 100 <= json.count * 15, "\(received.wireBytes) of \(json.count) bytes on the wire")
    }

    @Test("A peer that refuses compressed bodies gets the body again, as it is")
    func refused() async throws {
        let json = TMDBLikePages.json(atLeast: 64 * 1024)
        let router = try FaultServerPeer.peer.makeRouter(
            for: Decompress.self, configuration: RouterConfiguration(requestCompression: .gzip()))
        let response = try await router.request(Decompress(body: .data(json), refuse: true))
        #expect(response.statusCode == 200)
        let received = try response.decode(Received.self)
        #expect(
            received
                == Received(
                    sha256: try await Self.plainDigest(of: json), decodedBytes: json.count, wireBytes: json.count,
                    contentEncoding: ""))
    }

    /// The digest the peer gives `json` sent uncompressed.
    static func plainDigest(of json: Data) async throws -> String {
        let router = try FaultServerPeer.peer.makeRouter(for: Decompress.self)
        let endpoint = Decompress(body: .data(json), requestCompression: RequestCompression.none)
        return try await router.request(endpoint).decode(Received.self).sha256
    }
}
