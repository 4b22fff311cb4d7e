import Foundation
import Testing

@_spi(Transport) @testable import NetworkLayer

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Requests answered from a HAR file: which entry answers, in which order, and how its body arrives.
@Suite("HARReplayTransport")
struct HARReplayTransportTests {
    /// A HAR file with the given entries: method, URL, request body, request headers, response status and body.
    static func har(
        _ entries: [(method: String, url: String, body: String?, headers: [String: String], status: Int, text: String)],
        mimeType: String = "text/plain", timings: HARTimings = HARTimings()
    ) throws -> Data {
        let log = HARLog(
            entries: entries.map { entry in
                HAREntry(
                    startedDateTime: Date(timeIntervalSince1970: 0),
                    request: HARRequest(
                        method: entry.method, url: entry.url,
                        headers: entry.headers.map { HARField(name: $0.key, value: $0.value) },
                        queryString: HARRedaction.queryItems(of: entry.url),
                        postData: entry.body.map { HARPostData(mimeType: "application/json", text: $0) },
                        bodySize: entry.body?.utf8.count ?? 0),
                    response: HARResponse(
                        status: entry.status, httpVersion: "HTTP/1.1",
                        headers: [HARField(name: "Content-Type", value: mimeType)],
                        content: HARContent(size: entry.text.utf8.count, mimeType: mimeType, text: entry.text)),
                    timings: timings)
            })
        return try HARArchive(log: log).encoded()
    }

    static func request(
        _ method: String, _ url: String, body: String? = nil, headers: [String: String] = [:]
    ) throws -> TransportRequest {
        var head = URLRequest(url: try #require(URL(string: url)))
        head.httpMethod = method
        head.httpBody = body.map { Data($0.utf8) }
        for (name, value) in headers { head.setValue(value, forHTTPHeaderField: name) }
        return TransportRequest(head: head)
    }

    static func text(_ response: TransportResponse) async throws -> String {
        String(decoding: try await response.body.collect(), as: UTF8.self)
    }

    struct MatchCase: Sendable, CustomTestStringConvertible {
        let name: String
        let method: String
        let url: String
        var body: String?
        var headers: [String: String] = [:]
        var matchesBody = false
        var matchedHeaders: Set<String> = []
        var ignoredQueryItems: Set<String> = []
        let matches: Bool
        var testDescription: String { name }
    }

    static let recorded = [
        (
            method: "POST", url: "https://api.example.com/3/search?query=alien&page=1&page=2",
            body: Optional(#"{"q":1}"#),
            headers: ["Accept-Language": "en"], status: 200, text: "found"
        )
    ]

    @Test(
        "a request matches by method and URL, query items as a multiset, and by body and headers when asked",
        arguments: [
            MatchCase(
                name: "same", method: "POST", url: "https://api.example.com/3/search?query=alien&page=1&page=2",
                matches: true),
            MatchCase(
                name: "query reordered", method: "POST",
                url: "https://api.example.com/3/search?page=2&query=alien&page=1", matches: true),
            MatchCase(
                name: "query percent-encoded", method: "POST",
                url: "https://api.example.com/3/search?query=%61lien&page=1&page=2", matches: true),
            MatchCase(
                name: "a repeated item missing", method: "POST",
                url: "https://api.example.com/3/search?query=alien&page=1", matches: false),
            MatchCase(
                name: "other method", method: "GET", url: "https://api.example.com/3/search?query=alien&page=1&page=2",
                matches: false),
            MatchCase(
                name: "other path", method: "POST", url: "https://api.example.com/3/find?query=alien&page=1&page=2",
                matches: false),
            MatchCase(
                name: "other host", method: "POST", url: "https://other.example.com/3/search?query=alien&page=1&page=2",
                matches: false),
            MatchCase(
                name: "other body, bodies ignored", method: "POST",
                url: "https://api.example.com/3/search?query=alien&page=1&page=2", body: #"{"q":2}"#, matches: true),
            MatchCase(
                name: "other body, bodies matched", method: "POST",
                url: "https://api.example.com/3/search?query=alien&page=1&page=2", body: #"{"q":2}"#, matchesBody: true,
                matches: false),
            MatchCase(
                name: "same body, bodies matched", method: "POST",
                url: "https://api.example.com/3/search?query=alien&page=1&page=2", body: #"{"q":1}"#, matchesBody: true,
                matches: true),
            MatchCase(
                name: "JSON spaced otherwise", method: "POST",
                url: "https://api.example.com/3/search?query=alien&page=1&page=2", body: #"{ "q": 1 }"#,
                matchesBody: true, matches: false),
            MatchCase(
                name: "header matched", method: "POST",
                url: "https://api.example.com/3/search?query=alien&page=1&page=2", headers: ["accept-language": "en"],
                matchedHeaders: ["Accept-Language"], matches: true),
            MatchCase(
                name: "header differs", method: "POST",
                url: "https://api.example.com/3/search?query=alien&page=1&page=2", headers: ["Accept-Language": "fr"],
                matchedHeaders: ["Accept-Language"], matches: false),
            MatchCase(
                name: "header differs, not matched", method: "POST",
                url: "https://api.example.com/3/search?query=alien&page=1&page=2", headers: ["Accept-Language": "fr"],
                matches: true),
            MatchCase(
                name: "an ignored item added", method: "POST",
                url: "https://api.example.com/3/search?query=alien&page=1&page=2&language=de",
                ignoredQueryItems: ["language"], matches: true),
            MatchCase(
                name: "an ignored item left out", method: "POST",
                url: "https://api.example.com/3/search?query=alien", ignoredQueryItems: ["page"], matches: true),
            MatchCase(
                name: "an item not ignored added", method: "POST",
                url: "https://api.example.com/3/search?query=alien&page=1&page=2&language=de",
                ignoredQueryItems: ["region"], matches: false),
        ])
    func matching(_ test: MatchCase) async throws {
        let replay = try HARReplayTransport(
            data: try Self.har(Self.recorded), matchesBody: test.matchesBody, matchedHeaders: test.matchedHeaders,
            ignoredQueryItems: test.ignoredQueryItems)
        let request = try Self.request(test.method, test.url, body: test.body, headers: test.headers)
        if test.matches {
            #expect(try await Self.text(replay.send(request)) == "found")
        } else {
            await #expect(throws: HARReplayError.self) { try await replay.send(request) }
        }
    }

    @Test(
        "an unmatched request's error names the closest entry and how it differs, on one line",
        arguments: [
            (
                "GET", "https://api.example.com/3/movie/1?lang=en",
                "closest: GET https://api.example.com/3/movie/1?lang=fr (query items differ: recorded lang=fr, request has lang=en)"
            ),
            (
                "DELETE", "https://api.example.com/3/movie/1?lang=fr",
                "closest: GET https://api.example.com/3/movie/1?lang=fr (method GET, not DELETE)"
            ),
            (
                "GET", "https://api.example.com/3/movie/2",
                "closest: GET https://api.example.com/3/movie/2?x=1 (query items differ: recorded x=1)"
            ),
            (
                "GET", "https://api.example.com/3/movie/3?lang=fr",
                "closest: GET https://api.example.com/3/movie/1?lang=fr (URL https://api.example.com/3/movie/1, not https://api.example.com/3/movie/3)"
            ),
            (
                "GET", "https://api.example.com/3/search?query=dune&year=2021",
                "closest: GET https://api.example.com/3/search?query=dune (query items differ: request has year=2021)"
            ),
        ])
    func unmatchedError(method: String, url: String, expected: String) async throws {
        let replay = try HARReplayTransport(
            data: try Self.har([
                ("POST", "https://api.example.com/3/rate", nil, [:], 201, ""),
                ("GET", "https://api.example.com/3/movie/1?lang=fr", nil, [:], 200, "fr"),
                ("GET", "https://api.example.com/3/movie/2?x=1", nil, [:], 200, "2"),
                ("GET", "https://api.example.com/3/search?query=alien", nil, [:], 200, "alien"),
                ("GET", "https://api.example.com/3/search?query=dune", nil, [:], 200, "dune"),
            ]))
        let error = await #expect(throws: HARReplayError.self) { try await replay.send(Self.request(method, url)) }
        #expect(error?.kind == .unmatched)
        let description = error?.description ?? ""
        #expect(description.hasPrefix("no recorded entry for \(method) \(url); "))
        #expect(description.hasSuffix(expected), "\(description)")
        #expect(!description.contains("\n"))
    }

    @Test("through a router, an unmatched request fails as a transport failure that says which entry is closest")
    func unmatchedThroughRouter() async throws {
        let data = try Self.har([("GET", "https://api.example.com/3/movie/popular?page=1", nil, [:], 200, "{}")])
        let router = Router<TestEndpoint>(transport: try HARReplayTransport(data: data))
        var endpoint = TestEndpoint.at("movie/popular")
        endpoint.task = .requestParameters(bodyParameters: nil, bodyEncoding: .urlEncoding, urlParameters: ["page": 3])
        let error = await #expect(throws: NetworkError.self) { try await router.request(endpoint) }
        #expect(error?.kind == .transportFailure)
        #expect((error?.underlyingError as? HARReplayError)?.kind == .unmatched)
        #expect(
            error?.description.contains(
                "closest: GET https://api.example.com/3/movie/popular?page=1 (query items differ: recorded page=1, "
                    + "request has page=3)") == true, "\(String(describing: error))")
    }

    @Test("sequential answers each entry once in recorded order; byMatch answers the first match every time")
    func order() async throws {
        let data = try Self.har([
            ("GET", "https://api.example.com/3/page", nil, [:], 200, "one"),
            ("GET", "https://api.example.com/3/other", nil, [:], 200, "other"),
            ("GET", "https://api.example.com/3/page", nil, [:], 200, "two"),
        ])
        let request = try Self.request("GET", "https://api.example.com/3/page")
        let sequential = try HARReplayTransport(data: data, order: .sequential)
        #expect(try await Self.text(sequential.send(request)) == "one")
        #expect(try await Self.text(sequential.send(request)) == "two")
        let used = await #expect(throws: HARReplayError.self) { try await sequential.send(request) }
        #expect(used?.description.contains("its 2 match(es) were used") == true)

        let byMatch = try HARReplayTransport(data: data, order: .byMatch)
        for _ in 0..<3 { #expect(try await Self.text(byMatch.send(request)) == "one") }
    }

    @Test("an event stream is replayed event by event, paced by the recorded timing through the injected sleep")
    func serverSentEvents() async throws {
        let stream = "id: 1\ndata: a\n\nid: 2\ndata: b\r\n\r\n: comment\n\ndata: tail"
        let data = try Self.har(
            [("GET", "https://api.example.com/3/events", nil, [:], 200, stream)], mimeType: "text/event-stream",
            timings: HARTimings(send: 1, wait: 20, receive: 400))
        let pauses = Locked<[TimeInterval]>([])
        let replay = try HARReplayTransport(
            data: data, timing: .recorded { seconds in pauses.withLock { $0.append(seconds) } })
        let response = try await replay.send(Self.request("GET", "https://api.example.com/3/events"))
        var chunks: [String] = []
        for try await chunk in response.body { chunks.append(String(decoding: chunk, as: UTF8.self)) }
        #expect(chunks == ["id: 1\ndata: a\n\n", "id: 2\ndata: b\r\n\r\n", ": comment\n\n", "data: tail"])
        #expect(pauses.withLock { $0 } == [0.021, 0.1, 0.1, 0.1, 0.1])
    }

    @Test("immediate timing never sleeps, and a router reads a replayed event stream as events")
    func eventsThroughRouter() async throws {
        let data = try Self.har(
            [("GET", "https://api.example.com/3/events", nil, [:], 200, "data: a\n\ndata: b\n\n")],
            mimeType: "text/event-stream", timings: HARTimings(wait: 10_000, receive: 10_000))
        let router = Router<TestEndpoint>(transport: try HARReplayTransport(data: data))
        var received: [String] = []
        for try await event in router.events(.at("events"), reconnection: .never) { received.append(event.data) }
        #expect(received == ["a", "b"])
    }

    @Test("a recorded Content-Encoding stays in the head over a decoded body, which the length check lets through")
    func contentEncoding() async throws {
        var archive = try HARArchive.read(
            Self.har([("GET", "https://api.example.com/3/gz", nil, [:], 200, "plain text")]))
        archive.log.entries[0].response.headers += [
            HARField(name: "Content-Encoding", value: "gzip"), HARField(name: "Content-Length", value: "30"),
        ]
        let router = Router<TestEndpoint>(transport: try HARReplayTransport(data: archive.encoded()))
        let response = try await router.request(.at("gz"))
        #expect(response.text == "plain text")
        #expect(response.headers["Content-Encoding"] == "gzip")
    }

    @Test("an entry whose body was not recorded fails with a reason, and so does a file that is not HAR")
    func missingBodyAndBadFile() async throws {
        var archive = try HARArchive.read(Self.har([("GET", "https://api.example.com/3/big", nil, [:], 200, "")]))
        archive.log.entries[0].response.content = HARContent(
            size: 99, mimeType: "text/plain", comment: "body of 99 bytes omitted: past the recorder's limit of 10 bytes"
        )
        let replay = try HARReplayTransport(data: archive.encoded())
        let error = await #expect(throws: HARReplayError.self) {
            try await replay.send(Self.request("GET", "https://api.example.com/3/big"))
        }
        #expect(error?.kind == .bodyNotRecorded)
        #expect(error?.description.contains("past the recorder's limit") == true)

        #expect(throws: HARReplayError.self) { try HARReplayTransport(data: Data("{}".utf8)) }
        let missing = #expect(throws: HARReplayError.self) {
            try HARReplayTransport(file: URL(fileURLWithPath: "/nonexistent/x.har"))
        }
        #expect(missing?.kind == .unreadableFile)
    }

    @Test("the modes: replay needs the file, recordOnce records until the file exists, record always records")
    func modes() async throws {
        let file = HARTestFile()
        let network = RespondingTransport { _ in (200, ["Content-Type": "text/plain"], [Data("live".utf8)]) }
        #expect(throws: HARReplayError.self) { try HARMode.replay.transport(file: file.url, wrapping: network) }
        let first = try HARMode.recordOnce.transport(file: file.url, wrapping: network)
        #expect(first is HARRecordingTransport)
        _ = try await Router<TestEndpoint>(transport: first).request(.at("once"))
        #expect(try HARMode.recordOnce.transport(file: file.url, wrapping: network) is HARReplayTransport)
        #expect(try HARMode.replay.transport(file: file.url, wrapping: network) is HARReplayTransport)
        #expect(try HARMode.record.transport(file: file.url, wrapping: network) is HARRecordingTransport)
        #expect(network.requests.withLock { $0.count } == 1)
    }
}
