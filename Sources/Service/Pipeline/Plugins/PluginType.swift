import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Watches or changes every request a ``Router`` sends, and its outcome.
///
/// A router calls its plugins (``RouterConfiguration/plugins``) at four points of each attempt, every
/// plugin in order at each point:
///
/// 1. ``prepare(_:context:)`` may change the `URLRequest`, for example to sign it;
/// 2. ``willSend(_:context:)`` sees the request as it goes out;
/// 3. ``didReceive(_:for:context:)`` sees the response or the error as it came back;
/// 4. ``process(_:for:context:)`` may replace that outcome before the caller, or the retry policy, sees it.
///
/// Every method has a default that does nothing, so a plugin implements only what it needs:
///
/// ```swift
/// struct RequestIDPlugin: PluginType {
///     func prepare(_ request: URLRequest, context: PluginContext) async throws(NetworkError) -> URLRequest {
///         var request = request
///         request.setValue(UUID().uuidString, forHTTPHeaderField: "X-Request-ID")
///         return request
///     }
/// }
/// ```
///
/// A retried request passes through every plugin again, once per attempt.
///
/// Plugins see every kind of call the same way: the response's head, with the body the call keeps in memory
/// in ``Response/data``. That is the whole body for ``Router/request(_:progress:)`` and uploads; for a download, and for
/// a stream whose status the endpoint accepts, it is empty, because the body goes to a file or to the caller
/// as it arrives; a refused stream's holds the first 64 KB, as its error does.
public protocol PluginType: Sendable {
    /// Whether the header fields this plugin sets in ``prepare(_:context:)`` are credentials, so that a
    /// redirect to another origin drops them, as it drops `Authorization`. Defaults to `false`.
    var setsCredentials: Bool { get }
    /// Returns the request to send in place of `request`; throwing fails the request without sending it.
    func prepare(_ request: URLRequest, context: PluginContext) async throws(NetworkError) -> URLRequest
    /// Called just before `request` goes to the transport.
    func willSend(_ request: URLRequest, context: PluginContext) async
    /// Called with the outcome of sending `request`, before any plugin processes it.
    func didReceive(_ result: Result<Response, NetworkError>, for request: URLRequest, context: PluginContext) async
    /// Returns the outcome to hand on in place of `result`.
    func process(
        _ result: Result<Response, NetworkError>,
        for request: URLRequest,
        context: PluginContext
    ) async -> Result<Response, NetworkError>
}

extension PluginType {
    /// `false`: the plugin's header fields follow redirects.
    public var setsCredentials: Bool { false }

    /// Returns `request` unchanged.
    public func prepare(_ request: URLRequest, context: PluginContext) async throws(NetworkError) -> URLRequest {
        request
    }

    /// Does nothing.
    public func willSend(_ request: URLRequest, context: PluginContext) async {}

    /// Does nothing.
    public func didReceive(_ result: Result<Response, NetworkError>, for request: URLRequest, context: PluginContext)
        async
    {}

    /// Returns `result` unchanged.
    public func process(
        _ result: Result<Response, NetworkError>,
        for request: URLRequest,
        context: PluginContext
    ) async -> Result<Response, NetworkError> {
        result
    }
}

/// What a plugin is told about the attempt it sees.
public struct PluginContext: Sendable {
    /// The endpoint being sent.
    public let endpoint: any EndPointType
    /// Which attempt this is: 1 for the first, 2 for the first retry or the resend after a credential refresh.
    public let attempt: Int
    /// Tells this attempt apart from every other one in the process, for plugins that keep something, such
    /// as a tracing span, from ``PluginType/prepare(_:context:)`` to ``PluginType/didReceive(_:for:context:)``.
    public let id: UInt64
    private let started: DispatchTime

    /// Creates a context for attempt number `attempt` of `endpoint`, starting now.
    public init(endpoint: any EndPointType, attempt: Int) {
        self.endpoint = endpoint
        self.attempt = attempt
        self.id = Self.lastID.withLock { id in
            id &+= 1
            return id
        }
        self.started = .now()
    }

    private static let lastID = Locked<UInt64>(0)

    /// Seconds since the attempt started, that is since the plugins were first asked to prepare it.
    public var elapsed: TimeInterval { started.secondsElapsed }
}

extension DispatchTime {
    var secondsElapsed: TimeInterval {
        TimeInterval(DispatchTime.now().uptimeNanoseconds - uptimeNanoseconds) / 1_000_000_000
    }
}
