import Foundation
@_spi(Transport) import NetworkLayer
import TestSupport

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// An endpoint whose reliability settings (retry, idempotency, authentication, deadline) are set per test.
struct PipelineEndpoint: EndPointType {
    var baseURL = URL(string: "https://api.example.com/3")!
    var path = "account"
    var httpMethod: HTTPMethod = .get
    var deadline: TimeInterval?
    var retryPolicy: RetryPolicy?
    var idempotent: Bool?
    var requiresAuthentication = true

    /// `idempotent`, else whether RFC 9110 calls the method idempotent, as the default does.
    var isIdempotent: Bool {
        idempotent ?? ["GET", "HEAD", "PUT", "DELETE", "OPTIONS", "TRACE"].contains(httpMethod.rawValue)
    }
}

extension Router where EndPoint == PipelineEndpoint {
    /// A router whose transport answers every request with `handler`.
    convenience init(
        configuration: RouterConfiguration,
        handler: @escaping @Sendable (URLRequest) async throws -> (Data, HTTPURLResponse)
    ) {
        self.init(configuration: configuration, transport: ClosureTransport(handler))
    }
}

/// An injected `RouterConfiguration.sleep` that records each delay and returns at once.
final class SleepRecorder: Sendable {
    private let box = Locked<[TimeInterval]>([])

    /// The delays asked for, in order.
    var delays: [TimeInterval] { box.current }

    /// The function to inject.
    var sleep: @Sendable (TimeInterval) async throws -> Void {
        { [box] seconds in
            box.withLock { $0.append(seconds) }
            try Task.checkCancellation()
        }
    }
}

extension RetryPolicy {
    /// The default policy without jitter, so delays are exact.
    static var exact: RetryPolicy { RetryPolicy(jitter: 0) }
}

/// A transport that answers the n-th request (from 0) with `statuses[n]`, repeating the last one,
/// and counts the requests in `calls`.
func sequenceTransport(
    _ statuses: [Int],
    headers: [String: String] = [:],
    calls: Locked<Int>
) -> ClosureTransport {
    ClosureTransport { request in
        let index = calls.increment() - 1
        let status = statuses[min(index, statuses.count - 1)]
        return (Data("\(status)".utf8), .stub(status, url: request.url, headers: headers))
    }
}

/// A plugin that reports each hook it sees as `"prepare"`, `"willSend"`, `"didReceive"` or `"process"`.
struct RecordingPlugin: PluginType {
    let record: @Sendable (_ event: String, _ context: PluginContext) -> Void

    func prepare(_ request: URLRequest, context: PluginContext) async throws(NetworkError) -> URLRequest {
        record("prepare", context)
        return request
    }

    func willSend(_ request: URLRequest, context: PluginContext) async {
        record("willSend", context)
    }

    func didReceive(_ result: Result<Response, NetworkError>, for request: URLRequest, context: PluginContext) async {
        record("didReceive", context)
    }

    func process(
        _ result: Result<Response, NetworkError>,
        for request: URLRequest,
        context: PluginContext
    ) async -> Result<Response, NetworkError> {
        record("process", context)
        return result
    }
}
