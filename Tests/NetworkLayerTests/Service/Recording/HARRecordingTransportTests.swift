import Foundation
import Testing

@_spi(Transport) @testable import NetworkLayer

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Exchanges written to a HAR file as they pass, and answered from it again.
@Suite("HARRecordingTransport")
struct HARRecordingTransportTests {
    private static let binary = Data([0x89, 0x50, 0x4E, 0x47, 0x00, 0xFF, 0x10, 0x80, 0x00])

    private static let stub = StubTransport<TestEndpoint> { endpoint in
        switch endpoint.path {
        case "json":
            .http(
                200, headers: ["Content-Type": "application/json", "X-Trace": "t1"],
                data: Data(#"{"id": 7, "title": "Alien"}"#.utf8))
        case "image": .http(200, headers: ["Content-Type": "image/png"], data: binary)
        case "created":
            .http(201, headers: ["Content-Type": "text/plain", "Location": "/3/created/9"], data: Data("made".utf8))
        case "missing":
            .http(404, headers: ["Content-Type": "application/json"], data: Data(#"{"status_code":34}"#.utf8))
        default: .http(204)
        }
    }

    @Test("replaying what was recorded gives the same status, headers and body, binary bodies as base64")
    func roundTrip() async throws {
        let file = HARTestFile()
        let endpoints: [TestEndpoint] = [
            .at("json"), .at("image"),
            .at(
                "created", .post,
                task: .requestParameters(bodyParameters: ["name": "x"], bodyEncoding: .jsonEncoding, urlParameters: nil)
            ),
            .at("missing"), .at("empty", .delete),
        ]
        var acceptable = TestEndpoint.at("missing")
        acceptable.acceptableStatusCodes = [404]
        let recorder = Router<TestEndpoint>(transport: HARRecordingTransport(wrapping: Self.stub, file: file.url))
        var live: [Response] = []
        for endpoint in endpoints {
            live.append(try await recorder.request(endpoint.path == "missing" ? acceptable : endpoint))
        }

        let replayer = Router<TestEndpoint>(transport: try HARReplayTransport(file: file.url))
        for (endpoint, recorded) in zip(endpoints, live) {
            let replayed = try await replayer.request(endpoint.path == "missing" ? acceptable : endpoint)
            #expect(replayed.statusCode == recorded.statusCode)
            #expect(replayed.data == recorded.data)
            #expect(Self.fields(replayed.headers) == Self.fields(recorded.headers))
        }
        let entries = try file.archive().log.entries
        #expect(entries.count == endpoints.count)
        let image = try #require(entries.first { $0.request.url.hasSuffix("/image") })
        #expect(image.response.content.encoding == "base64")
        #expect(image.response.content.text == Self.binary.base64EncodedString())
        #expect(
            entries.first { $0.request.url.hasSuffix("/json") }?.response.content.text
                == #"{"id": 7, "title": "Alien"}"#)
        #expect(entries.first { $0.request.method == "POST" }?.request.postData?.text == #"{"name":"x"}"#)
    }

    @Test("no secret the request carried reaches the file, and the redacted request still replays")
    func redaction() async throws {
        let file = HARTestFile()
        let secrets = [
            "bearer-secret-1", "cookie-secret-2", "query-secret-3", "body-secret-4", "set-cookie-secret-5",
            "echo-secret-6",
        ]
        let transport = RespondingTransport { _ in
            (
                200, ["Content-Type": "application/json", "Set-Cookie": "sid=set-cookie-secret-5; HttpOnly"],
                [Data(#"{"token": "echo-secret-6", "seen": "bearer-secret-1", "ok": true}"#.utf8)]
            )
        }
        let endpoint = TestEndpoint.at(
            "login", .post,
            task: .requestParameters(
                bodyParameters: ["user": "ann", "password": "body-secret-4"], bodyEncoding: .urlAndJsonEncoding,
                urlParameters: ["api_key": "query-secret-3", "page": 2]),
            headers: ["Authorization": "Bearer bearer-secret-1", "Cookie": "session=cookie-secret-2"])
        let recorder = Router<TestEndpoint>(transport: HARRecordingTransport(wrapping: transport, file: file.url))
        _ = try await recorder.request(endpoint)

        let text = file.text
        for secret in secrets { #expect(!text.contains(secret), "\(secret) is in the file") }
        #expect(text.contains("REDACTED"))
        let entry = try #require(try file.archive().log.entries.first)
        #expect(entry.request.queryString.contains(HARField(name: "page", value: "2")))
        #expect(entry.request.queryString.contains(HARField(name: "api_key", value: "REDACTED")))

        let replayer = Router<TestEndpoint>(transport: try HARReplayTransport(file: file.url, matchesBody: true))
        let replayed = try await replayer.request(endpoint)
        #expect(replayed.statusCode == 200)
        #expect(replayed.headers["Set-Cookie"] == "REDACTED")
    }

    @Test("a form body and a Basic credential are hidden too")
    func formAndBasic() async throws {
        let file = HARTestFile()
        let transport = RespondingTransport { _ in (200, ["Content-Type": "text/plain"], [Data("fine".utf8)]) }
        let endpoint = TestEndpoint.at(
            "form", .post,
            task: .requestParameters(
                bodyParameters: ["user": "bob", "client_secret": "form-secret-7"], bodyEncoding: .urlEncoding,
                urlParameters: nil),
            headers: ["Authorization": "Basic YW5uOmJhc2ljLXNlY3JldC04"])
        _ = try await Router<TestEndpoint>(transport: HARRecordingTransport(wrapping: transport, file: file.url))
            .request(endpoint)
        for secret in ["form-secret-7", "YW5uOmJhc2ljLXNlY3JldC04", "basic-secret-8"] {
            #expect(!file.text.contains(secret), "\(secret) is in the file")
        }
        let posted = try file.archive().log.entries.first?.request.postData
        #expect(posted?.text?.contains("user=bob") == true, "\(String(describing: posted))")
    }

    @Test(
        "a body is written as it came unless hiding changes it; JSON lines are redacted line by line",
        arguments: [
            ("{\n  \"id\": 1\n}\n", "application/json", "{\n  \"id\": 1\n}\n"),
            ("{\"id\": 1, \"token\": \"t-secret-9\"}", "application/json", #"{"id":1,"token":"REDACTED"}"#),
            (
                "{\"id\": 0}\n{\"id\": 1, \"password\": \"p-secret-9\"}\n", "application/json",
                "{\"id\":0}\n{\"id\":1,\"password\":\"REDACTED\"}\n"
            ),
            ("{\"id\": 0}\n{\"id\": 1}\n", "application/json", "{\"id\": 0}\n{\"id\": 1}\n"),
            ("see https://x.example/cb?code=c-9", "text/plain", "see https://x.example/cb?code=REDACTED"),
        ])
    func bodies(body: String, contentType: String, written: String) async throws {
        let file = HARTestFile()
        let transport = RespondingTransport { _ in (200, ["Content-Type": contentType], [Data(body.utf8)]) }
        _ = try await Router<TestEndpoint>(transport: HARRecordingTransport(wrapping: transport, file: file.url))
            .request(.at("body"))
        let content = try file.archive().log.entries.first?.response.content
        #expect(content?.text == written, "\(String(describing: content))")
        #expect(!file.text.contains("-secret-9") && !file.text.contains("c-9"))
    }

    @Test("text whose secrets the redactor cannot find is written as omitted, with a comment")
    func unredactable() async throws {
        let file = HARTestFile()
        let transport = RespondingTransport { _ in
            (200, ["Content-Type": "text/plain"], [Data("your api key is k-secret-9".utf8)])
        }
        _ = try await Router<TestEndpoint>(transport: HARRecordingTransport(wrapping: transport, file: file.url))
            .request(.at("body"))
        let content = try #require(try file.archive().log.entries.first?.response.content)
        #expect(content.text == nil)
        #expect(content.comment == "body omitted: the redactor cannot tell what in it is secret")
        #expect(!file.text.contains("k-secret-9"))
    }

    @Test(
        "a body past the limit is written as omitted, with a comment, and still reaches the caller whole",
        arguments: [(["abcd", "efgh"], 8, true), (["abcd", "efgh"], 7, false), (["abcdefgh"], 7, false)])
    func bodyLimit(chunks: [String], limit: Int, recorded: Bool) async throws {
        let file = HARTestFile()
        let transport = RespondingTransport { _ in (200, ["Content-Type": "text/plain"], chunks.map { Data($0.utf8) }) }
        let router = Router<TestEndpoint>(
            transport: HARRecordingTransport(wrapping: transport, file: file.url, bodyLimit: limit))
        #expect(try await router.request(.at("big")).data == Data(chunks.joined().utf8))
        let content = try #require(try file.archive().log.entries.first?.response.content)
        #expect(content.text == (recorded ? chunks.joined() : nil))
        #expect((content.comment?.contains("past the recorder's limit of \(limit) bytes") ?? false) == !recorded)
        #expect(content.size == 8)
    }

    @Test("a streamed body reaches the reader chunk by chunk and is written once read to its end")
    func streamed() async throws {
        let file = HARTestFile()
        let transport = RespondingTransport { _ in
            (200, ["Content-Type": "text/event-stream"], ["data: 1\n\n", "data: 2\n\n"].map { Data($0.utf8) })
        }
        let router = Router<TestEndpoint>(transport: HARRecordingTransport(wrapping: transport, file: file.url))
        let streamed = try await router.stream(.at("events"))
        var chunks: [String] = []
        for try await chunk in streamed.body { chunks.append(String(decoding: chunk, as: UTF8.self)) }
        #expect(chunks.joined() == "data: 1\n\ndata: 2\n\n")
        #expect(try file.archive().log.entries.first?.response.content.text == "data: 1\n\ndata: 2\n\n")
    }

    @Test("concurrent exchanges are all written, and the file is whole HAR after each")
    func concurrent() async throws {
        let file = HARTestFile()
        let transport = RespondingTransport { request in
            (200, ["Content-Type": "text/plain"], [Data((request.url?.lastPathComponent ?? "").utf8)])
        }
        let router = Router<TestEndpoint>(transport: HARRecordingTransport(wrapping: transport, file: file.url))
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<24 {
                group.addTask {
                    let response = try await router.request(.at("item\(index)"))
                    #expect(response.text == "item\(index)")
                    #expect(try HARArchive.read(file.data).log.entries.count >= 1)
                }
            }
            try await group.waitForAll()
        }
        let paths = try file.archive().log.entries.compactMap { URL(string: $0.request.url)?.lastPathComponent }
        #expect(Set(paths) == Set((0..<24).map { "item\($0)" }))
        #expect(paths.count == 24)
    }

    @Test("a request that fails before a response is not written")
    func failedExchange() async throws {
        let file = HARTestFile()
        let recorder = HARRecordingTransport(
            wrapping: ClosureTransport.failing(URLError(.notConnectedToInternet)), file: file.url)
        await #expect(throws: NetworkError.self) {
            try await Router<TestEndpoint>(transport: recorder).request(.at("offline"))
        }
        #expect(!FileManager.default.fileExists(atPath: file.url.path))
    }

    @Test(
        "a response without a body is written as it arrives, though its consumer stops it unread",
        arguments: [("GET", 204), ("GET", 304), ("HEAD", 200)])
    func bodiless(method: String, status: Int) async throws {
        let file = HARTestFile()
        let transport = RespondingTransport { _ in (status, ["ETag": "\"v1\""], []) }
        var head = URLRequest(url: try #require(URL(string: "https://api.example.com/3/feed")))
        head.httpMethod = method
        let response = try await HARRecordingTransport(wrapping: transport, file: file.url)
            .send(TransportRequest(head: head))
        response.body.cancel()
        let entries = try file.archive().log.entries
        #expect(entries.map(\.request.method) == [method])
        #expect(entries.map(\.response.status) == [status])
        #expect(entries.first?.response.content.bytes == Data())
    }

    /// Header fields as a comparable list.
    private static func fields(_ headers: HTTPHeaders) -> [String] {
        headers.map { "\($0.name.lowercased()): \($0.value)" }.sorted()
    }
}
