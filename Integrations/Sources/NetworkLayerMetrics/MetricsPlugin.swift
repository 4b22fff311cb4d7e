#if Metrics  // the package trait (Package.swift); without it, only the stand-in (+TraitOff.swift)
import CoreMetrics
import Foundation
import NetworkLayer

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Counts and times every attempt a router makes, through swift-metrics.
///
/// ```swift
/// let router = Router<MovieAPI>(configuration: RouterConfiguration(plugins: [MetricsPlugin()]))
/// ```
///
/// For each attempt, with the dimensions `endpoint` (the endpoint's case name, such as `popular`) and
/// `method`:
/// - `networklayer.requests`, a counter of attempts;
/// - `networklayer.failures`, a counter of attempts that failed, with the name of the
///   ``NetworkLayer/NetworkError/Kind`` as the dimension `error` (`timedOut`, `cannotConnect`, `serverError`, …);
/// - `networklayer.duration`, a timer of how long each attempt took, from the plugins' first look at it to
///   its outcome.
///
/// The labels start with ``prefix``, `networklayer` unless given; the metrics backend the app bootstrapped
/// receives them. No URL, header or other value that can hold a secret becomes a dimension.
public struct MetricsPlugin: PluginType {
    /// What every label starts with.
    public let prefix: String
    private let factory: any MetricsFactory

    /// Creates a plugin whose labels start with `prefix`, recording to `factory` (the bootstrapped
    /// `MetricsSystem.factory` by default).
    public init(prefix: String = "networklayer", factory: any MetricsFactory = MetricsSystem.factory) {
        self.prefix = prefix
        self.factory = factory
    }

    /// Records the attempt's outcome.
    public func didReceive(
        _ result: Result<Response, NetworkError>, for request: URLRequest, context: PluginContext
    ) async {
        let dimensions = [("endpoint", Self.caseName(of: context.endpoint)), ("method", request.httpMethod ?? "GET")]
        Counter(label: "\(prefix).requests", dimensions: dimensions, factory: factory).increment()
        Timer(label: "\(prefix).duration", dimensions: dimensions, factory: factory)
            .recordNanoseconds(Int64((context.elapsed * 1_000_000_000).rounded()))
        if case .failure(let error) = result {
            let failure = dimensions + [("error", error.kind.name)]
            Counter(label: "\(prefix).failures", dimensions: failure, factory: factory).increment()
        }
    }

    /// The name of `value`'s enum case (`popular` for `.popular(page: 1)`), or its type's name if it is no enum;
    /// for an endpoint that wraps another (a ``MultiTarget``), that of the endpoint it wraps.
    static func caseName(of value: Any) -> String {
        if let wrapped = (value as? any EndPointType)?.wrapped { return caseName(of: wrapped) }
        let mirror = Mirror(reflecting: value)
        guard mirror.displayStyle == .enum else { return String(describing: type(of: value)) }
        if let label = mirror.children.first?.label { return label }
        let described = String(describing: value)
        return described.firstIndex(of: "(").map { String(described[..<$0]) } ?? described
    }
}
#endif
