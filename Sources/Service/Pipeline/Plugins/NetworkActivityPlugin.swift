import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Reports when requests start and end, with how many are in flight: what a network activity indicator
/// needs, as Moya's `NetworkActivityPlugin` does.
///
/// ```swift
/// let activity = NetworkActivityPlugin { inFlight in
///     print(inFlight, "in flight")
/// }
/// let router = Router<MovieAPI>(configuration: RouterConfiguration(plugins: [activity]))
/// ```
///
/// For a spinner, hop to the main queue with `DispatchQueue.main.async`, which runs the changes in the order
/// they were reported; separate tasks that hop to the main actor may run out of order.
///
/// Every attempt that reaches the transport begins and ends once, whatever its outcome: a response, an
/// error, a cancellation or a deadline. A retried request is two attempts. A streamed response
/// (``Router/stream(_:)``) ends when its head arrives. Share one plugin between routers to count them together.
public struct NetworkActivityPlugin: PluginType {
    /// The attempts in flight, shared by every copy of the plugin.
    private let count = Locked(0)
    private let onChange: @Sendable (Int) -> Void

    /// Creates a plugin that calls `onChange` with the attempts in flight each time one begins or ends.
    ///
    /// - Parameter onChange: Called once per change with the count once it happened (one more than the last
    ///   count when an attempt began, one less when one ended), in the order the changes happen and one at a
    ///   time, on the thread that sends or receives; keep it short (hop to the main queue for UI work).
    public init(onChange: @escaping @Sendable (_ inFlight: Int) -> Void = { _ in }) {
        self.onChange = onChange
    }

    /// The attempts in flight now.
    var inFlight: Int { count.withLock { $0 } }

    /// Counts the attempt as begun and reports it.
    public func willSend(_ request: URLRequest, context: PluginContext) async {
        change(by: 1)
    }

    /// Counts the attempt as ended, whatever its outcome, and reports it.
    public func didReceive(_ result: Result<Response, NetworkError>, for request: URLRequest, context: PluginContext)
        async
    {
        change(by: -1)
    }

    /// Changes the count and reports the change while no other change can happen, so reports come in order.
    private func change(by delta: Int) {
        count.withLock { count in
            count += delta
            onChange(count)
        }
    }
}
