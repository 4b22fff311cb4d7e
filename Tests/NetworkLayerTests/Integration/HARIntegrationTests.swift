import Foundation
@_spi(Transport) import NetworkLayer
import TestSupport
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Exchanges with the local httpbin recorded to a HAR file, then replayed without it: the router answers the
/// same, byte for byte.
@Suite("Integration: HAR recording and replay", .needsHTTPBin)
struct HARIntegrationTests {
    /// The calls: GET with a query, bodies as JSON, a form and multipart, redirects, compressed bodies, a stream
    /// of JSON lines, bytes, and statuses from 2xx to 5xx.
    static func calls() -> [(name: String, endpoint: TestEndpoint)] {
        var form = MultipartFormData(boundary: "har-test-boundary")
        form.append("Dune", name: "title")
        form.append(Data([0, 1, 2, 250]), name: "poster", fileName: "poster.bin", mimeType: "application/octet-stream")
        let query: (Parameters) -> HTTPTask = {
            .requestParameters(bodyParameters: nil, bodyEncoding: .urlEncoding, urlParameters: $0)
        }
        let body: (Parameters, ParameterEncoding) -> HTTPTask = {
            .requestParameters(bodyParameters: $0, bodyEncoding: $1, urlParameters: nil)
        }
        return [
            ("get", call("get")),
            ("get with a query", call("get", task: query(["page": 2, "tag": "a", "sort": "title"]))),
            ("repeated get", call("get", task: query(["page": 3]))),
            ("headers", call("headers", headers: ["X-Trace": "har-1"])),
            ("post JSON", call("post", .post, task: body(["title": "Dune", "year": 1965], .jsonEncoding))),
            ("post form", call("post", .post, task: body(["title": "Dune", "genre": "sf"], .urlEncoding))),
            ("post multipart", call("post", .post, task: .uploadMultipart(form))),
            ("put JSON", call("put", .put, task: body(["rating": 9], .jsonEncoding))),
            ("patch JSON", call("patch", .patch, task: body(["rating": 8], .jsonEncoding))),
            ("delete", call("delete", .delete)),
            (
                "anything",
                call(
                    "anything/movies/7", .post, task: .requestData(Data("plain words".utf8), contentType: "text/plain"))
            ),
            ("redirect", call("redirect/2")),
            ("relative redirect", call("relative-redirect/1")),
            ("gzip", call("gzip")),
            ("deflate", call("deflate")),
            ("stream", call("stream/5")),
            ("bytes", call("bytes/512", task: query(["seed": 7]))),
            ("stream bytes", call("stream-bytes/2048", task: query(["seed": 3, "chunk_size": 256]))),
            ("range", call("range/300")),
            ("base64 text", call("base64/SFRUUEJJTiBpcyBhd2Vzb21l")),
            ("response headers", call("response-headers", task: query(["X-Movie": "Dune"]))),
            ("etag", call("etag/har-etag")),
            ("no content", call("status/204")),
            ("not found", call("status/404")),
            ("teapot", call("status/418")),
            ("server error", call("status/500")),
            ("unavailable", call("status/503")),
        ].map { name, endpoint in
            var endpoint = endpoint
            endpoint.baseURL = HTTPBinPeer.baseURL
            endpoint.acceptableStatusCodes = Set(200..<600)
            return (name, endpoint)
        }
    }

    @Test("recorded exchanges replay byte-identical: status, body, header fields and URL")
    func recordThenReplay() async throws {
        _ = try HTTPBinPeer.requireURL()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("har-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("httpbin.har")
        let configuration = RouterConfiguration(retryPolicy: .never)
        let recorder = Router<TestEndpoint>(
            configuration: configuration,
            transport: HARRecordingTransport(wrapping: LoopbackPeer.makeTransport(), file: file))
        var live: [Response] = []
        for (_, endpoint) in Self.calls() { live.append(try await recorder.request(endpoint)) }
        #expect(try Self.contents(of: file).count == Self.calls().count)
        try HAROutput.keep(file, as: "httpbin.har")

        let replayer = Router<TestEndpoint>(
            configuration: configuration, transport: try HARReplayTransport(file: file))
        for ((name, endpoint), recorded) in zip(Self.calls(), live) {
            let replayed = try await replayer.request(endpoint)
            #expect(replayed.statusCode == recorded.statusCode, "\(name)")
            #expect(replayed.data == recorded.data, "\(name)")
            #expect(Self.fields(replayed.headers) == Self.fields(recorded.headers, redacted: true), "\(name)")
            #expect(replayed.head.url == recorded.head.url, "\(name)")
        }
        #expect(try Self.contents(of: file).compactMap { $0["comment"] }.isEmpty, "every body is in the file")
    }

    /// An endpoint at `path` on httpbin.
    private static func call(
        _ path: String, _ method: HTTPMethod = .get, task: HTTPTask = .request, headers: HTTPHeaders? = nil
    ) -> TestEndpoint {
        TestEndpoint(path: path, httpMethod: method, task: task, headers: headers)
    }

    /// The `response.content` of each entry of the HAR file at `file`.
    private static func contents(of file: URL) throws -> [[String: Any]] {
        let archive = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
        let entries = try #require((archive["log"] as? [String: Any])?["entries"] as? [[String: Any]])
        return entries.compactMap { ($0["response"] as? [String: Any])?["content"] as? [String: Any] }
    }

    /// Header fields as a comparable list; `redacted`, as the file holds them: httpbin's
    /// `Access-Control-Allow-Credentials` has a name the redactor hides (it contains `credential`), so its value
    /// is never written.
    private static func fields(_ headers: HTTPHeaders, redacted: Bool = false) -> [String] {
        headers.map { field in
            let name = field.name.lowercased()
            return "\(name): \(redacted && name == "access-control-allow-credentials" ? "REDACTED" : field.value)"
        }.sorted()
    }
}
