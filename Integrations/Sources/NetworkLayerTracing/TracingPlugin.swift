#if Tracing  // the package trait (Package.swift); without it, only the stand-in (+TraitOff.swift)
import Foundation
import Instrumentation
import NetworkLayer
import ServiceContextModule
import Tracing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Opens a client span for every attempt a router makes, through swift-distributed-tracing, and sends the
/// trace context along in the request's header fields.
///
/// ```swift
/// let router = Router<MovieAPI>(configuration: RouterConfiguration(plugins: [TracingPlugin()]))
/// ```
///
/// Each attempt is a span of its own, named after the method, a child of the task's current span; a retry
/// is a new span with `http.request.resend_count`. Attributes follow OpenTelemetry's HTTP conventions:
/// `http.request.method`, `url.full` (secrets hidden by ``NetworkLayer/Redactor``), `server.address`,
/// `server.port`, `http.response.status_code` and, for failures and statuses from 400 on, `error.type`.
/// The instrument injects the context (for example `traceparent`) into the request before it is sent.
public final class TracingPlugin: PluginType {
    private let tracer: (any Tracer)?
    private let redactor: Redactor
    private let openSpans = Locked<[UInt64: any Span]>([:])

    /// Creates a plugin that traces with `tracer`, or with the one bootstrapped in `InstrumentationSystem`.
    public init(tracer: (any Tracer)? = nil, redactor: Redactor = Redactor()) {
        self.tracer = tracer
        self.redactor = redactor
    }

    /// Opens the attempt's span and injects its context into `request`.
    public func prepare(_ request: URLRequest, context: PluginContext) async throws(NetworkError) -> URLRequest {
        let tracer = self.tracer ?? InstrumentationSystem.tracer
        let method = request.httpMethod ?? "GET"
        let span = tracer.startSpan(method, context: ServiceContext.current ?? .topLevel, ofKind: .client)
        span.attributes["http.request.method"] = method
        if let url = request.url {
            span.attributes["url.full"] = redactor.url(url)
            if let host = url.host { span.attributes["server.address"] = host }
            if let port = url.port ?? Self.defaultPort(of: url) { span.attributes["server.port"] = port }
        }
        if context.attempt > 1 { span.attributes["http.request.resend_count"] = context.attempt - 1 }
        var traced = request
        tracer.inject(span.context, into: &traced, using: HeaderInjector())
        openSpans.withLock { $0[context.id] = span }
        return traced
    }

    /// Ends the attempt's span with its status or error.
    public func didReceive(
        _ result: Result<Response, NetworkError>, for request: URLRequest, context: PluginContext
    ) async {
        guard let span = openSpans.withLock({ $0.removeValue(forKey: context.id) }) else { return }
        switch result {
        case .success(let response):
            span.attributes["http.response.status_code"] = response.statusCode
            if response.statusCode >= 400 {
                span.attributes["error.type"] = String(response.statusCode)
                span.setStatus(SpanStatus(code: .error))
            }
        case .failure(let error):
            if let status = error.response?.statusCode { span.attributes["http.response.status_code"] = status }
            span.attributes["error.type"] = Self.errorType(of: error)
            span.recordError(error)
            span.setStatus(SpanStatus(code: .error, message: error.description))
        }
        span.end()
    }

    /// The failure's kind as OpenTelemetry's `error.type` wants it: the status for status failures, otherwise
    /// the name of the ``NetworkLayer/NetworkError/Kind``.
    static func errorType(of error: NetworkError) -> String {
        if let status = error.response?.statusCode, status >= 400 { return String(status) }
        return error.kind.name
    }

    private static func defaultPort(of url: URL) -> Int? {
        switch url.scheme?.lowercased() {
        case "http": 80
        case "https": 443
        default: nil
        }
    }
}

/// Writes trace context into a request's header fields.
struct HeaderInjector: Injector {
    func inject(_ value: String, forKey key: String, into request: inout URLRequest) {
        request.setValue(value, forHTTPHeaderField: key)
    }
}
#endif
