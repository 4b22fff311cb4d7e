import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Logs each attempt's request and outcome with a ``NetworkLogger``.
///
/// ``RouterConfiguration/logger`` installs one of these after the other plugins, so it logs requests as
/// they finally go out, credentials redacted.
public struct LoggerPlugin: PluginType {
    /// The logger that writes the entries.
    public let logger: NetworkLogger

    /// Creates a plugin that logs with `logger`.
    public init(logger: NetworkLogger = NetworkLogger()) {
        self.logger = logger
    }

    /// Logs the outgoing request.
    public func willSend(_ request: URLRequest, context: PluginContext) async {
        logger.log(request: request, attempt: context.attempt)
    }

    /// Logs the response or the error, and how long the attempt took.
    public func didReceive(_ result: Result<Response, NetworkError>, for request: URLRequest, context: PluginContext)
        async
    {
        logger.log(result: result, for: request, elapsed: context.elapsed, attempt: context.attempt)
    }
}
