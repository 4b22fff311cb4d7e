import Foundation
import TestSupport
import Testing

@_spi(Transport) @testable import NetworkLayer

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("NetworkLogger")
struct NetworkLoggerTests {
    static let secrets = [
        "SECRETKEY123", "SECRETTOKEN456", "SECRETCOOKIE789", "SECRETPW", "SECRETSETCOOKIE", "SECRETACCESS",
    ]

    /// A logger whose entries are collected in `lines`.
    private func logger(_ lines: Locked<[String]>) -> NetworkLogger {
        NetworkLogger(sink: LogSink { entry in lines.withLock { $0.append(entry) } })
    }

    private var secretEndpoint: TestEndpoint {
        TestEndpoint(
            httpMethod: .post,
            task: .requestParameters(
                bodyParameters: ["user": "me", "password": "SECRETPW"], bodyEncoding: .jsonEncoding,
                urlParameters: ["api_key": "SECRETKEY123", "page": 2]),
            headers: [
                "Authorization": "Bearer SECRETTOKEN456", "Cookie": "session=SECRETCOOKIE789",
                "Accept": "application/json",
            ]
        )
    }

    @Test("structured entries carry method, redacted URL, status, duration and attempt")
    func structuredEntries() async throws {
        let entries = Locked<[LogEntry]>([])
        let logger = NetworkLogger(sink: .entries { entry in entries.withLock { $0.append(entry) } })
        let attempts = Locked(0)
        let router = Router<TestEndpoint>(
            configuration: RouterConfiguration(logger: logger, retryPolicy: RetryPolicy(maximumRetries: 1)).sleeping {
                _ in
            }
        ) { request in
            let status = attempts.increment() == 1 ? 503 : 200
            return (Data("{}".utf8), .stub(status, url: request.url))
        }
        let endpoint = TestEndpoint(
            task: .requestParameters(
                bodyParameters: nil, bodyEncoding: .urlEncoding, urlParameters: ["api_key": "SECRETKEY123", "page": 2]))
        _ = try await router.request(endpoint)

        let logged = entries.current
        #expect(logged.map(\.event) == [.request, .response, .request, .response])
        #expect(logged.map(\.attempt) == [1, 1, 2, 2])
        #expect(logged.map(\.statusCode) == [nil, 503, nil, 200])
        #expect(logged.allSatisfy { $0.method == "GET" })
        #expect(logged.allSatisfy { $0.url.hasSuffix("popular?api_key=REDACTED&page=2") })
        #expect(logged.filter { $0.event == .response }.allSatisfy { ($0.duration ?? -1) >= 0 })
        #expect(!logged.map(\.text).joined().contains("SECRETKEY123"))
    }

    @Test("a failure entry carries the error in one redacted line")
    func failureEntry() async {
        let entries = Locked<[LogEntry]>([])
        let logger = NetworkLogger(sink: .entries { entry in entries.withLock { $0.append(entry) } })
        let router = Router<TestEndpoint>(configuration: RouterConfiguration(logger: logger)) { _ in
            throw URLError(.cannotConnectToHost)
        }
        _ = try? await router.request(secretEndpoint)
        let failure = entries.current.last
        #expect(failure?.event == .failure)
        #expect(failure?.failure?.contains("cannot connect") == true)
        #expect(failure?.failure?.contains("SECRETKEY123") == false)
        #expect(failure?.duration != nil)
    }

    @Test("request and response entries go to the sink, with secrets redacted")
    func logsThroughRouter() async throws {
        let lines = Locked<[String]>([])
        let router = Router<TestEndpoint>(configuration: RouterConfiguration(logger: logger(lines))) { request in
            let headers = ["Set-Cookie": "sid=SECRETSETCOOKIE", "Content-Type": "application/json"]
            return (
                Data(#"{"access_token":"SECRETACCESS","expires":3600}"#.utf8),
                .stub(200, url: request.url, headers: headers)
            )
        }
        let request = try router.makeRequest(for: secretEndpoint)
        _ = try await router.request(secretEndpoint)
        let everything = (lines.current + [logger(lines).cURL(for: request)]).joined(separator: "\n")

        #expect(lines.current.count == 2)
        #expect(
            lines.current.first?.hasPrefix("→ POST https://api.example.com/3/movie/popular?api_key=REDACTED&page=2")
                == true)
        #expect(lines.current.last?.hasPrefix("← 200 POST") == true)
        #expect(everything.contains("Accept: application/json"))
        #expect(everything.contains("\"expires\":3600"))
        #expect(everything.contains("\"user\":\"me\""))
        for secret in Self.secrets {
            #expect(!everything.contains(secret), "\(secret) leaked")
        }
    }

    @Test("a body that echoes the request's credentials is logged without them, as is an error's description")
    func echoedSecrets() async throws {
        let lines = Locked<[String]>([])
        let router = Router<TestEndpoint>(configuration: RouterConfiguration(logger: logger(lines))) { request in
            // httpbin's /anything shape: what came in, repeated in a plain-text body and in a JSON one.
            let echoed = "Authorization=\(request.value(forHTTPHeaderField: "Authorization") ?? "") url=\(request.url!)"
            return (Data(echoed.utf8), .stub(500, url: request.url, headers: ["Content-Type": "text/plain"]))
        }
        let endpoint = TestEndpoint(headers: ["Authorization": "Bearer SECRETTOKEN456"])
        let error = await #expect(throws: NetworkError.self) {
            try await NetworkManager(router: router).response(for: endpoint)
        }
        let everything = (lines.current + [String(describing: error)]).joined(separator: "\n")
        #expect(lines.current.count == 2)
        // Plain text that names a credential has no structure to find its value by: only its size is shown.
        #expect(lines.current.last?.hasSuffix("body: <79 bytes>") == true)
        #expect(!everything.contains("SECRETTOKEN456"), "echoed token leaked")
    }

    @Test("a failure is logged on one line without secrets")
    func logsFailure() async {
        let lines = Locked<[String]>([])
        let router = Router<TestEndpoint>(
            configuration: RouterConfiguration(logger: logger(lines)),
            transport: ClosureTransport.failing(URLError(.timedOut)))
        _ = try? await router.request(secretEndpoint)
        #expect(lines.current.count == 2)
        #expect(lines.current.last?.hasPrefix("✕ POST") == true)
        #expect(lines.current.last?.contains("): timed out — ") == true)
        for secret in Self.secrets {
            #expect(!lines.current.joined().contains(secret))
        }
    }

    @Test("a custom redactor list is honoured")
    func customRedactor() {
        let lines = Locked<[String]>([])
        let logger = NetworkLogger(
            sink: LogSink { entry in lines.withLock { $0.append(entry) } },
            redactor: Redactor(headerNames: ["X-Session"], parameterNames: ["sig"]))
        var request = URLRequest(url: URL(string: "https://x.org/a?sig=S1&q=1")!)
        request.setValue("S2", forHTTPHeaderField: "X-Session")
        logger.log(request: request)
        let entry = lines.current.joined()
        #expect(!entry.contains("S1") && !entry.contains("S2"))
        #expect(entry.contains("q=1"))
    }

    @Test("cURL: method, sorted headers, body and URL, redacted and shell-quoted")
    func curl() {
        var request = URLRequest(url: URL(string: "https://x.org/a?api_key=K&q=it's")!)
        request.httpMethod = "POST"
        request.setValue("Bearer T", forHTTPHeaderField: "Authorization")
        request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
        request.setValue("it's", forHTTPHeaderField: "X-Note")
        request.httpBody = Data("password=P&name=O'Brien".utf8)
        #expect(
            NetworkLogger().cURL(for: request)
                == "curl -X POST -H 'Authorization: REDACTED' -H 'Content-Type: application/x-www-form-urlencoded'"
                + #" -H 'X-Note: it'\''s' --data-binary 'password=REDACTED&name=O'\''Brien'"#
                + " 'https://x.org/a?api_key=REDACTED&q=it'\\''s'"
        )
    }

    @Test("cURL of a plain GET has no -X and no body")
    func curlGet() {
        #expect(NetworkLogger().cURL(for: URLRequest(url: URL(string: "https://x.org/a")!)) == "curl 'https://x.org/a'")
    }

    @Test("long bodies are cut at the preview limit")
    func preview() {
        let lines = Locked<[String]>([])
        let logger = NetworkLogger(sink: LogSink { entry in lines.withLock { $0.append(entry) } }, bodyPreviewLimit: 10)
        var request = URLRequest(url: URL(string: "https://x.org/a")!)
        request.httpMethod = "PUT"
        request.httpBody = Data(String(repeating: "x", count: 100).utf8)
        logger.log(request: request)
        #expect(lines.current.first?.hasSuffix("body (100 bytes): xxxxxxxxxx…") == true)
    }
}
