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
/// total deadline (``RouterConfiguration/deadline``); see <doc:Reliability>. An `async` request that
/// needs none of them goes straight to a ``URLSessionTransport`` from the calling task, as fast as
/// `URLSession`'s own `data(for:)`.
public final class Router<EndPoint: EndPointType>: NetworkRouter {
    /// The settings shared by every request.
    public let configuration: RouterConfiguration
    private let carrier: Carrier
    /// The transport when it is the library's own, which can send a request without a task of the router's.
    private let sessionTransport: URLSessionTransport?
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
        self.sessionTransport = transport as? URLSessionTransport
    }

    /// Creates a router that answers from canned responses instead of the network.
    ///
    /// Requests are built, logged and delivered exactly as they are over the network.
    public init(configuration: RouterConfiguration = RouterConfiguration(), stub: StubTransport<EndPoint>) {
        self.configuration = configuration
        self.carrier = .stub(stub)
        self.sessionTransport = nil
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
        // Nothing is sent for a caller cancelled already; the router's own task would not inherit it.
        guard !Task.isCancelled else { throw .cancelled }
        if exchange == nil, let transport = directTransport(for: route) {
            return try await send(request, directlyThrough: transport).get()
        }
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
        for cancel in inFlight.withLock({ $0.cancelAll() }) {
            cancel()
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
        if !inFlight.withLock({ $0.register(task.cancel, for: ticket) }) {
            task.cancel()
        }
        return task
    }

    /// The session transport, when `route` needs nothing from the router between building and
    /// sending (see ``RequestPipeline/passesStraightThrough(_:configuration:)``) and no transfer.
    private func directTransport(for route: EndPoint) -> URLSessionTransport? {
        guard let sessionTransport, TransferExchange(task: route.task) == nil,
            RequestPipeline.passesStraightThrough(route, configuration: configuration)
        else { return nil }
        return sessionTransport
    }

    /// Sends `request` through `transport` from the calling task, without a task of the router's own,
    /// which saves the hop from that task back to the caller; ``cancel()`` reaches it through its handle.
    private func send(
        _ request: URLRequest,
        directlyThrough transport: URLSessionTransport
    ) async -> Result<Response, NetworkError> {
        let handle = ExchangeHandle()
        let ticket = inFlight.withLock { $0.add(handle.cancel) }
        defer { inFlight.withLock { $0.finish(ticket) } }
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                transport.send(request, handle: handle) { continuation.resume(returning: $0) }
            }
        } onCancel: {
            handle.cancel()
        }
        return result.map { data, response in Response(request: request, httpResponse: response, data: data) }
            .mapError(NetworkError.init)
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

}

extension DispatchTime {
    var secondsElapsed: TimeInterval {
        TimeInterval(DispatchTime.now().uptimeNanoseconds - uptimeNanoseconds) / 1_000_000_000
    }
}
