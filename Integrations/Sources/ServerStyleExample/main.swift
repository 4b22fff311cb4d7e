// A server-style use of the integrations: one AsyncHTTPClientTransport shared by concurrent calls, logs through
// swift-log, metrics counted in process, and the trace of each attempt printed at the end.
//
//     swift run --package-path Integrations ServerStyleExample http://127.0.0.1:PORT   # an httpbin
import Foundation
import InMemoryTracing
import Logging
import MetricsTestKit
import NetworkLayer
import NetworkLayerAsyncHTTPClient
import NetworkLayerLogging
import NetworkLayerMetrics
import NetworkLayerTracing
import Tracing

/// The httpbin routes the example calls.
enum HTTPBin: EndPointType {
    case get(id: Int)
    case status(Int)

    static let server = URL(string: CommandLine.arguments.dropFirst().first ?? "http://127.0.0.1:8080")

    var baseURL: URL { Self.server ?? URL(fileURLWithPath: "/") }
    var path: String {
        switch self {
        case .get: "get"
        case .status(let code): "status/\(code)"
        }
    }
    var httpMethod: HTTPMethod { .get }
    var task: HTTPTask {
        guard case .get(let id) = self else { return .request }
        return .requestParameters(bodyParameters: nil, bodyEncoding: .urlEncoding, urlParameters: ["id": id])
    }
    var headers: HTTPHeaders? { ["Authorization": "Bearer example-secret"] }
}

var logger = Logger(label: "example.client")
logger.logLevel = .debug
let metrics = TestMetrics()
let tracer = InMemoryTracer()
let transport = AsyncHTTPClientTransport()
let router = Router<HTTPBin>(
    configuration: RouterConfiguration(
        logger: NetworkLogger(sink: .swiftLog(logger)),
        plugins: [MetricsPlugin(factory: metrics), TracingPlugin(tracer: tracer)],
        retryPolicy: RetryPolicy(maximumRetries: 1, initialBackoff: 0.05)),
    transport: transport)

/// Sends `endpoint` inside a span of the caller's own, which the attempts' client spans join.
@Sendable func handle(_ endpoint: HTTPBin) async -> Int {
    await tracer.withSpan("handle \(endpoint)") { _ in
        (try? await router.request(endpoint).statusCode) ?? -1
    }
}

let statuses = await withTaskGroup(of: Int.self) { group in
    for id in 1...8 {
        group.addTask { await handle(.get(id: id)) }
    }
    group.addTask { await handle(.status(503)) }
    var statuses: [Int] = []
    for await status in group { statuses.append(status) }
    return statuses
}
try await transport.shutdown()

print("statuses: \(statuses.sorted())")
for counter in metrics.counters.sorted(by: { $0.label < $1.label }) {
    print("metric \(counter.label) \(counter.dimensions): \(counter.totalValue)")
}
for span in tracer.finishedSpans.sorted(by: { $0.traceID < $1.traceID }) {
    let attributes = ["url.full", "http.response.status_code", "http.request.resend_count"].compactMap { key in
        span.attributes[key].map { "\(key)=\($0.toSpanAttribute())" }
    }
    print("trace \(span.traceID) span \(span.spanID) \(span.operationName) \(attributes.joined(separator: " "))")
}
