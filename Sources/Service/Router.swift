import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Builds and sends the requests of one endpoint enum.
///
/// ```swift
/// let router = Router<MovieAPI>()
/// let response = try await router.request(.popular(page: 1))
/// ```
///
/// Building (``makeRequest(for:)``) is a pure, throwing step with no I/O. Sending goes through an
/// ``HTTPTransport``. Every request can be cancelled on its own, by its calling task or with
/// ``cancel()``, and every completion handler runs exactly once.
///
/// Between building and delivering, each request passes through the configuration's plugins
/// (``PluginType``), credentials (``AuthenticationCoordinator``), retries (``RetryPolicy``) and
/// total deadline (``RouterConfiguration/deadline``); see <doc:Reliability>.
public final class Router<EndPoint: EndPointType>: NetworkRouter {
    /// The settings shared by every request.
    public let configuration: RouterConfiguration
    private let carrier: Carrier
    private let inFlight = Locked(InFlightRequests())

    /// Creates a router.
    ///
    /// - Parameters:
    ///   - configuration: Timeouts, shared headers, encoders, logging, plugins, retries, credentials and deadline.
    ///   - transport: What sends the requests. Defaults to a ``URLSessionTransport`` of the router's own.
    public init(
        configuration: RouterConfiguration = RouterConfiguration(),
        transport: any HTTPTransport = URLSessionTransport()
    ) {
        self.configuration = configuration
        self.carrier = .transport(transport)
    }

    /// Creates a router that answers from canned responses instead of the network.
    ///
    /// Requests are built, logged and delivered exactly as they are over the network.
    public init(configuration: RouterConfiguration = RouterConfiguration(), stub: StubTransport<EndPoint>) {
        self.configuration = configuration
        self.carrier = .stub(stub)
    }

    /// The `URLRequest` that `endpoint` describes, without sending it.
    public func makeRequest(for endpoint: EndPoint) throws(NetworkError) -> URLRequest {
        do {
            return try RequestBuilder(configuration: configuration).makeRequest(for: endpoint)
        } catch {
            throw .invalidRequest(error)
        }
    }

    /// Sends `route` and returns the response, whatever its status.
    ///
    /// Cancelling the calling task cancels the HTTP request and throws ``NetworkError/cancelled``.
    public func request(_ route: EndPoint) async throws(NetworkError) -> Response {
        try await request(route, exchange: nil)
    }

    /// Sends `route` like ``request(_:)``; a transfer `exchange` (see `Router+Transfers.swift`)
    /// replaces the transport's plain send for uploads from disk, downloads and progress.
    func request(_ route: EndPoint, exchange: TransferExchange?) async throws(NetworkError) -> Response {
        let request = try makeRequest(for: route)
        // The task below does not inherit the caller's cancellation, and starts before the handler is in place.
        guard !Task.isCancelled else { throw .cancelled }
        let task = start(request, for: route, exchange: exchange, immediately: true)
        let result = await withTaskCancellationHandler {
            await task.value
        } onCancel: {
            task.cancel()
        }
        return try result.get()
    }

    /// Sends `route` and calls `completion` exactly once with the response or the error.
    @discardableResult
    public func request(
        _ route: EndPoint,
        completion: @escaping @Sendable (Result<Response, NetworkError>) -> Void
    ) -> CancellationToken {
        let request: URLRequest
        do {
            request = try makeRequest(for: route)
        } catch {
            deliver(.failure(error), to: completion)
            return .finished
        }
        return send(request, for: route, completion: completion)
    }

    /// Sends `request`, already built from `route` with ``makeRequest(for:)``, like ``request(_:completion:)``.
    ///
    /// For adapters in this package that need the request themselves, so that it is built only once.
    package func send(
        _ request: URLRequest,
        for route: EndPoint,
        completion: @escaping @Sendable (Result<Response, NetworkError>) -> Void
    ) -> CancellationToken {
        let task = start(request, for: route) { [self] result in deliver(result, to: completion) }
        return CancellationToken { task.cancel() }
    }

    /// Sends `route` and calls `completion` exactly once, in the article's `(Data?, URLResponse?, Error?)` shape.
    @discardableResult
    public func request(_ route: EndPoint, completion: @escaping NetworkRouterCompletion) -> CancellationToken {
        request(route) { (result: Result<Response, NetworkError>) in
            switch result {
            case .success(let response): completion(response.data, response.httpResponse, nil)
            case .failure(let error): completion(nil, error.response?.httpResponse, error)
            }
        }
    }

    /// Cancels every request of this router that is still in flight.
    public func cancel() {
        for task in inFlight.withLock({ $0.cancelAll() }) {
            task.cancel()
        }
    }

    /// Starts sending `request` in a task of its own, registered so that ``cancel()`` reaches it.
    ///
    /// With `immediately`, the task runs on the calling thread until it first suspends (in the transport,
    /// usually), which saves an `await`ing caller a hop to another thread.
    private func start(
        _ request: URLRequest,
        for endpoint: EndPoint,
        exchange: TransferExchange? = nil,
        immediately: Bool = false,
        then finish: (@Sendable (Result<Response, NetworkError>) -> Void)? = nil
    ) -> Task<Result<Response, NetworkError>, Never> {
        let ticket = inFlight.withLock { $0.issueTicket() }
        let operation: @Sendable () async -> Result<Response, NetworkError> = { [self] in
            let result = await send(request, for: endpoint, exchange: exchange)
            inFlight.withLock { $0.finish(ticket) }
            finish?(result)
            return result
        }
        let task: Task<Result<Response, NetworkError>, Never>
        if immediately, #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
            task = Task.immediate(operation: operation)
        } else {
            task = Task(operation: operation)
        }
        if !inFlight.withLock({ $0.register(task, for: ticket) }) {
            task.cancel()
        }
        return task
    }

    private func send(
        _ request: URLRequest,
        for endpoint: EndPoint,
        exchange: TransferExchange?
    ) async -> Result<Response, NetworkError> {
        let carrier = carrier
        let exchange = exchange ?? TransferExchange(task: endpoint.task)
        let pipeline = RequestPipeline<EndPoint>(configuration: configuration) { request, endpoint in
            try await carrier.send(request, for: endpoint, exchange: exchange)
        }
        return await pipeline.run(request, for: endpoint)
    }

    private func deliver(
        _ result: Result<Response, NetworkError>,
        to completion: @escaping @Sendable (Result<Response, NetworkError>) -> Void
    ) {
        if let queue = configuration.completionQueue {
            queue.async { completion(result) }
        } else {
            completion(result)
        }
    }

    /// What carries this router's requests.
    private enum Carrier: Sendable {
        case transport(any HTTPTransport)
        case stub(StubTransport<EndPoint>)

        func send(
            _ request: URLRequest,
            for endpoint: EndPoint,
            exchange: TransferExchange?
        ) async throws -> (Data, HTTPURLResponse) {
            switch (self, exchange) {
            case (.transport(let transport), nil):
                try await transport.send(request)
            case (.stub(let stub), nil):
                try await stub.send(request, for: endpoint)
            case (.transport(let transport), let exchange?):
                try await exchange.send(request, through: transport as? any TransferTransport) {
                    try await transport.send($0)
                }
            case (.stub(let stub), let exchange?):
                try await exchange.send(request, through: nil) { try await stub.send($0, for: endpoint) }
            }
        }
    }

    private struct InFlightRequests {
        /// Identifies a request from before its task exists until it finishes.
        struct Ticket {
            let id: Int
            /// How many times ``Router/cancel()`` had run when the ticket was issued.
            let cancellations: Int
        }

        private var nextID = 0
        private var cancellations = 0
        private var tasks: [Int: Task<Result<Response, NetworkError>, Never>] = [:]
        /// Requests that finished before their task was registered, which a task started immediately can.
        private var finishedEarly: Set<Int> = []

        mutating func issueTicket() -> Ticket {
            defer { nextID += 1 }
            return Ticket(id: nextID, cancellations: cancellations)
        }

        /// Keeps `task` for ``cancelAll()`` unless it already finished; `false` when ``cancelAll()`` ran
        /// after the ticket was issued, so the task must be cancelled now.
        mutating func register(_ task: Task<Result<Response, NetworkError>, Never>, for ticket: Ticket) -> Bool {
            if finishedEarly.remove(ticket.id) == nil { tasks[ticket.id] = task }
            return ticket.cancellations == cancellations
        }

        mutating func finish(_ ticket: Ticket) {
            if tasks.removeValue(forKey: ticket.id) == nil { finishedEarly.insert(ticket.id) }
        }

        /// Every registered task, to be cancelled; requests not registered yet are cancelled as they are.
        mutating func cancelAll() -> [Task<Result<Response, NetworkError>, Never>] {
            cancellations += 1
            return Array(tasks.values)
        }
    }
}

extension DispatchTime {
    var secondsElapsed: TimeInterval {
        TimeInterval(DispatchTime.now().uptimeNanoseconds - uptimeNanoseconds) / 1_000_000_000
    }
}
