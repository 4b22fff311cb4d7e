import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Logs each attempt's request and outcome with a ``NetworkLogger``.
///
/// `RouterConfiguration.logger` installs one of these after the other plugins, so it logs requests as
/// they finally go out, credentials redacted; that setting is the one way to log a router's requests.
struct LoggerPlugin: PluginType {
    /// The logger that writes the entries.
    let logger: NetworkLogger

    /// Creates a plugin that logs with `logger`.
    init(logger: NetworkLogger = NetworkLogger()) {
        self.logger = logger
    }

    /// Logs the outgoing request.
    func willSend(_ request: URLRequest, context: PluginContext) async {
        logger.log(request: request, attempt: context.attempt)
    }

    /// Logs the response or the error, and how long the attempt took.
    func didReceive(_ result: Result<Response, NetworkError>, for request: URLRequest, context: PluginContext)
        async
    {
        logger.log(result: result, for: request, elapsed: context.elapsed, attempt: context.attempt)
    }
}
