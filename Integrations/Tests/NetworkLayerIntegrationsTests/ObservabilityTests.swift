import Foundation
import InMemoryLogging
import InMemoryTracing
import Logging
import MetricsTestKit
import NetworkLayer
import NetworkLayerLogging
import NetworkLayerMetrics
import NetworkLayerTracing
import Testing
import Tracing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The swift-log sink, the metrics plugin and the tracing plugin, over an in-process transport.
@Suite("Logging, metrics and tracing")
struct ObservabilityTests {
    enum API: EndPointType {
        case popular(page: Int)
        var baseURL: URL { URL(string: "https://api.example.com:8443/3")! }
        var path: String { "movie/popular" }
        var httpMethod: HTTPMethod { .get }
        var task: HTTPTask {
            if case .popular(let page) = self {
                return .requestParameters(
                    bodyParameters: nil, bodyEncoding: .urlEncoding, urlParameters: ["page": page, "api_key": "SECRET"])
            }
            return .request
        }
        var headers: HTTPHeaders? { nil }
    }

    /// A router whose transport answers 503 to the first attempt and 200 to the rest, seeing each request in
    /// `seen`.
    static func router(
        plugins: [any PluginType] = [], logger: NetworkLogger? = nil, seen: SeenRequests = SeenRequests()
    ) -> Router<API> {
        let configuration = RouterConfiguration(
            logger: logger, plugins: plugins, retryPolicy: RetryPolicy(maximumRetries: 1, initialBackoff: 0, jitter: 0))
        return Router(
            configuration: configuration,
            transport: ClosureTransport { request in
                let status = seen.append(request) == 1 ? 503 : 200
                let url = request.url ?? URL(fileURLWithPath: "/")
                return (
                    Data("{}".utf8), HTTPURLResponse(url: url, statusCode: status, httpVersion: nil, headerFields: nil)!
                )
            })
    }

    final class SeenRequests: @unchecked Sendable {
        private let lock = NSLock()
        private var requests: [URLRequest] = []
        /// Records `request` and returns how many have been seen.
        func append(_ request: URLRequest) -> Int {
            lock.withLock {
                requests.append(request)
                return requests.count
            }
        }
        var all: [URLRequest] { lock.withLock { requests } }
    }

    @Test("the swift-log sink logs each attempt with metadata, secrets hidden")
    func swiftLog() async throws {
        let handler = InMemoryLogHandler()
        var logger = Logger(label: "test") { _ in handler }
        logger.logLevel = .debug
        _ = try await Self.router(logger: NetworkLogger(sink: .swiftLog(logger))).request(.popular(page: 2))

        let responses = handler.entries.filter { $0.metadata["http.response.status_code"] != nil }
        #expect(responses.map(\.level) == [.debug, .debug])
        #expect(responses.map { $0.metadata["http.response.status_code"]?.description } == ["503", "200"])
        #expect(responses.map { $0.metadata["attempt"]?.description } == ["1", "2"])
        #expect(responses.allSatisfy { $0.metadata["http.request.method"]?.description == "GET" })
        #expect(responses.allSatisfy { $0.metadata["duration_ms"] != nil })
        let everything = handler.entries.map { "\($0.message) \($0.metadata)" }.joined()
        #expect(everything.contains("api_key=REDACTED"))
        #expect(!everything.contains("SECRET"))
        #expect(handler.entries.allSatisfy { $0.level != .trace }, "requests log at trace, below the logger's level")
    }

    /// A request with a secret in a credential-looking place, and a response that repeats it or holds one.
    struct LeakCase: CustomTestStringConvertible, Sendable {
        let name: String
        let url: String
        var headers: [String: String] = [:]
        var body: String?
        var responseHeaders: [String: String] = [:]
        var responseBody: [UInt8] = []
        let secret: String

        var testDescription: String { name }
    }

    static let leakCases: [LeakCase] = [
        LeakCase(
            name: "subscription key header echoed in JSON", url: "https://api.example.com/a",
            headers: ["Ocp-Apim-Subscription-Key": "Sl1subscription"],
            responseHeaders: ["Content-Type": "application/json"],
            responseBody: Array(#"{"seen":"Sl1subscription"}"#.utf8), secret: "Sl1subscription"),
        LeakCase(
            name: "JSON body password echoed in JSON", url: "https://api.example.com/a",
            headers: ["Content-Type": "application/json"], body: #"{"password":"Sl2password"}"#,
            responseHeaders: ["Content-Type": "application/json"], responseBody: Array(#"{"json":"Sl2password"}"#.utf8),
            secret: "Sl2password"),
        LeakCase(
            name: "form secret echoed in text", url: "https://api.example.com/a",
            headers: ["Content-Type": "application/x-www-form-urlencoded"], body: "client_secret=Sl3formvalue",
            responseHeaders: ["Content-Type": "text/plain"], responseBody: Array("got Sl3formvalue".utf8),
            secret: "Sl3formvalue"),
        LeakCase(
            name: "Location with code and access token", url: "https://api.example.com/a",
            responseHeaders: ["Location": "https://app.example/cb?code=Sl4code#access_token=Sl4code"], secret: "Sl4code"
        ),
        LeakCase(name: "user info", url: "https://Sl5usertoken@api.example.com/a", secret: "Sl5usertoken"),
        LeakCase(
            name: "subscription-key query item", url: "https://api.example.com/a?subscription-key=Sl6query",
            secret: "Sl6query"),
        LeakCase(
            name: "NDJSON", url: "https://api.example.com/a", responseHeaders: ["Content-Type": "application/x-ndjson"],
            responseBody: Array("{\"a\":1}\n{\"token\":\"Sl7ndjson\"}".utf8), secret: "Sl7ndjson"),
        LeakCase(
            name: "JSON 600 deep", url: "https://api.example.com/a",
            responseBody: Array(
                (String(repeating: "[", count: 600) + #""Sl8deep""# + String(repeating: "]", count: 600)).utf8),
            secret: "Sl8deep"),
        LeakCase(
            name: "binary", url: "https://api.example.com/a",
            responseHeaders: ["Content-Type": "application/octet-stream"],
            responseBody: [0xFF] + Array("Sl9binary".utf8), secret: "Sl9binary"),
    ]

    /// Sends the request it was made with instead of the one the router built.
    struct SendsRequest: PluginType {
        let request: URLRequest
        func prepare(_ request: URLRequest, context: PluginContext) async throws(NetworkError) -> URLRequest {
            self.request
        }
    }

    @Test("the swift-log sink, at trace, shows no secret in messages or metadata", arguments: leakCases)
    func swiftLogHidesSecrets(row: LeakCase) async throws {
        let handler = InMemoryLogHandler()
        var logger = Logger(label: "test") { _ in handler }
        logger.logLevel = .trace
        var request = URLRequest(url: try #require(URL(string: row.url)))
        for (name, value) in row.headers { request.setValue(value, forHTTPHeaderField: name) }
        request.httpBody = row.body.map { Data($0.utf8) }
        if request.httpBody != nil { request.httpMethod = "POST" }
        let configuration = RouterConfiguration(
            logger: NetworkLogger(sink: .swiftLog(logger)), plugins: [SendsRequest(request: request)])
        let router = Router<API>(
            configuration: configuration,
            transport: ClosureTransport { sent in
                let url = sent.url ?? URL(fileURLWithPath: "/")
                let head = HTTPURLResponse(
                    url: url, statusCode: 400, httpVersion: nil, headerFields: row.responseHeaders)
                guard let head else { throw URLError(.badServerResponse) }
                return (Data(row.responseBody), head)
            })
        _ = try await router.request(.popular(page: 1))

        #expect(handler.entries.count == 2)
        let everything = handler.entries.map { "\($0.message) \($0.metadata)" }.joined(separator: "\n")
        #expect(everything.contains("api.example.com"))
        #expect(!everything.contains(row.secret), "\(everything)")
    }

    @Test("the metrics plugin counts attempts and failures and times them, per endpoint case and method")
    func metrics() async throws {
        let metrics = TestMetrics()
        let router = Self.router(plugins: [MetricsPlugin(factory: metrics)])
        _ = try await router.request(.popular(page: 1))
        let dimensions = [("endpoint", "popular"), ("method", "GET")]
        #expect(try metrics.expectCounter("networklayer.requests", dimensions).totalValue == 2)
        #expect(try metrics.expectTimer("networklayer.duration", dimensions).values.count == 2)
        #expect(metrics.counters(label: "networklayer.failures").isEmpty)

        let failing = Router<API>(
            configuration: RouterConfiguration(plugins: [MetricsPlugin(factory: metrics)]),
            transport: ClosureTransport { _ in throw URLError(.timedOut) })
        _ = try? await failing.request(.popular(page: 1))
        #expect(
            try metrics.expectCounter("networklayer.failures", dimensions + [("error", "timedOut")]).totalValue == 1)
    }

    @Test("an endpoint sent through a MultiTarget router is counted under its own case name")
    func metricsThroughMultiTarget() async throws {
        let metrics = TestMetrics()
        let router = Router<MultiTarget>(
            configuration: RouterConfiguration(plugins: [MetricsPlugin(factory: metrics)]),
            stub: StubTransport())
        _ = try await router.request(.target(API.popular(page: 1)))
        let dimensions = [("endpoint", "popular"), ("method", "GET")]
        #expect(try metrics.expectCounter("networklayer.requests", dimensions).totalValue == 1)
    }

    @Test("the tracing plugin opens a client span per attempt and injects its context")
    func tracing() async throws {
        let tracer = InMemoryTracer()
        let seen = SeenRequests()
        _ = try await Self.router(plugins: [TracingPlugin(tracer: tracer)], seen: seen).request(.popular(page: 1))

        let spans = tracer.finishedSpans
        #expect(spans.count == 2)
        #expect(spans.allSatisfy { $0.kind == .client && $0.operationName == "GET" })
        #expect(spans.map { $0.attributes["http.response.status_code"]?.toSpanAttribute() } == [503, 200])
        #expect(spans.first?.attributes["error.type"]?.toSpanAttribute() == "503")
        #expect(spans.last?.attributes["http.request.resend_count"]?.toSpanAttribute() == 1)
        #expect(spans.allSatisfy { $0.attributes["server.address"]?.toSpanAttribute() == "api.example.com" })
        #expect(spans.allSatisfy { $0.attributes["server.port"]?.toSpanAttribute() == 8443 })
        let url = spans.first?.attributes["url.full"]?.toSpanAttribute()
        #expect(url == "https://api.example.com:8443/3/movie/popular?api_key=REDACTED&page=1")
        // Each attempt carried its own span's context.
        let injected = seen.all.map { $0.value(forHTTPHeaderField: InMemoryTracer.spanIDKey) }
        #expect(injected == spans.map(\.spanID))
    }
}
