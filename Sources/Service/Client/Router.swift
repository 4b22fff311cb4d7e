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
/// total deadline (``RouterConfiguration/deadline``); see <doc:Reliability>. <doc:Architecture> follows
/// one request from the endpoint to the transport and back.
public final class Router<EndPoint: EndPointType>: NetworkRouter {
    /// The settings shared by every request.
    public let configuration: RouterConfiguration
    let transport: any HTTPTransport
    private let builder: RequestBuilder
    let secretHeaders: SecretHeaderNames
    let inFlight = Locked(InFlightRequests())
    private let shared = SharedRequests()

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
        self.transport = transport
        self.builder = RequestBuilder(
            configuration: configuration, decodedContentCodings: transport.decodedContentCodings)
        self.secretHeaders = SecretHeaderNames(redactors: configuration.redactors)
    }

    /// Creates a router that answers from canned responses instead of the network.
    ///
    /// Requests are built, logged and delivered exactly as they are over the network.
    public convenience init(configuration: RouterConfiguration = RouterConfiguration(), stub: StubTransport<EndPoint>) {
        self.init(configuration: configuration, transport: stub)
    }

    /// The `URLRequest` that `endpoint` describes, without sending it.
    public func makeRequest(for endpoint: EndPoint) throws(NetworkError) -> URLRequest {
        try makeRequest(for: endpoint, extraHeaders: [:])
    }

    /// ``makeRequest(for:)`` with `extraHeaders` over the endpoint's own.
    func makeRequest(for endpoint: EndPoint, extraHeaders: HTTPHeaders) throws(NetworkError) -> URLRequest {
        do {
            return try builder.makeRequest(for: endpoint, extraHeaders: extraHeaders)
        } catch {
            throw NetworkError(.invalidRequest, underlyingError: error)
        }
    }

    /// Sends `route` and returns the response, whatever its status.
    ///
    /// Cancelling the calling task cancels the HTTP request and throws ``NetworkError/Kind/cancelled``.
    ///
    /// With `progress`, the bytes of the response body are reported as they arrive.
    /// ``TransferProgress/totalBytes`` is the body's `Content-Length` when the server sends one and the body
    /// is not compressed, otherwise `nil` until the last report. The body is kept in memory, up to
    /// ``RouterConfiguration/maximumResponseSize``, and the last report of a whole response has
    /// ``TransferProgress/completedBytes`` equal to ``TransferProgress/totalBytes``. A retried attempt does
    /// not move the reports back: they resume once it has passed the bytes already reported, so after a
    /// retry the last report can count the longer body of an earlier attempt. Only the response is reported:
    /// ``upload(_:progress:)`` reports the bytes of a body sent instead.
    ///
    /// - Parameters:
    ///   - route: What to send.
    ///   - progress: Reports the bytes of the response body as they arrive. Defaults to `nil`, no reports.
    public func request(
        _ route: EndPoint,
        progress: TransferProgressHandler? = nil
    ) async throws(NetworkError) -> Response {
        guard let progress else { return try await request(route, exchange: Exchange(task: route.task)) }
        let reporter = ProgressReporter(progress)
        let response = try await request(
            route, exchange: Exchange(task: route.task, reading: .collect(progress: reporter)))
        reporter.finish()
        return response
    }

    /// Sends `route` like ``request(_:progress:)``, with `exchange` saying what each attempt uploads and what
    /// becomes of the response body (see `Router+Transfers.swift` and `Router+Streaming.swift`); `headers`
    /// are set on the built request, over the endpoint's own.
    func request(
        _ route: EndPoint,
        exchange: Exchange,
        headers: HTTPHeaders = [:]
    ) async throws(NetworkError) -> Response {
        try await deliver(route, exchange: exchange, headers: headers).response
    }

    /// ``request(_:exchange:headers:)``, with the body a stream leaves unread.
    func deliver(
        _ route: EndPoint,
        exchange: Exchange,
        headers: HTTPHeaders = [:]
    ) async throws(NetworkError) -> Delivery {
        let request = try makeRequest(for: route, extraHeaders: headers)
        // Nothing is sent for a caller cancelled already; the router's own task would not inherit it.
        guard !Task.isCancelled else { throw .cancelled(sending: request) }
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
        let task = start(request, for: route, exchange: Exchange(task: route.task)) { [self] result in
            deliver(result.map(\.response), to: completion)
        }
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

    /// How many of this router's requests and streams are in flight, for tests that look for leaks.
    package var inFlightCount: Int { inFlight.withLock { $0.count } }

    /// How many callers wait for an identical request in flight (see ``RouterConfiguration/deduplicatesRequests``).
    package var sharedCallerCount: Int { shared.callers }

    /// Cancels every request of this router that is still in flight, and closes its WebSockets with 1001.
    public func cancel() {
        for cancel in inFlight.withLock({ $0.cancelAll() }) {
            cancel()
        }
    }

    /// Registers a streamed body so that ``cancel()`` stops it too, until it ends; until then the body also
    /// keeps the router, and so its transport, alive for a caller that let go of the router.
    func track(_ body: ResponseBody) {
        let channel = body.channel
        let ticket = inFlight.withLock { $0.issueTicket() }
        if !inFlight.withLock({ $0.register({ channel.stop() }, for: ticket) }) { channel.stop() }
        channel.whenEnded { [self] in inFlight.withLock { $0.finish(ticket) } }
    }

    /// Starts sending `request` in a task of its own, registered so that ``cancel()`` reaches it.
    ///
    /// With `immediately`, the task runs on the calling thread until it first suspends (in the transport,
    /// usually), which saves an `await`ing caller a hop to another thread.
    private func start(
        _ request: URLRequest,
        for endpoint: EndPoint,
        exchange: Exchange,
        immediately: Bool = false,
        then finish: (@Sendable (Result<Delivery, NetworkError>) -> Void)? = nil
    ) -> Task<Result<Delivery, NetworkError>, Never> {
        let ticket = inFlight.withLock { $0.issueTicket() }
        let operation: @Sendable () async -> Result<Delivery, NetworkError> = { [self] in
            let result = await send(request, for: endpoint, exchange: exchange)
            inFlight.withLock { $0.finish(ticket) }
            finish?(result)
            return result
        }
        let task: Task<Result<Delivery, NetworkError>, Never>
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

    /// Sends `request` through the pipeline. When the configuration
    /// ``RouterConfiguration/deduplicatesRequests``, an attempt whose request, as it goes to the transport,
    /// is identical to one in flight waits for that one's outcome instead of being sent again. With a
    /// ``RouterConfiguration/cache``, each attempt asks the cache first, which sends it only when it has no
    /// answer, so callers sharing an attempt share the cache's answer too.
    private func send(
        _ request: URLRequest,
        for endpoint: EndPoint,
        exchange: Exchange
    ) async -> Result<Delivery, NetworkError> {
        let transport = transport
        let limit = configuration.maximumResponseSize
        let shared = configuration.deduplicatesRequests && exchange.isPlain ? shared : nil
        let (cache, cachePolicy) = (configuration.cache, endpoint.cachePolicy)
        let exchange = exchange.compressing(endpoint.requestCompression ?? configuration.requestCompression)
        let pipeline = RequestPipeline<EndPoint>(
            configuration: configuration, secretHeaders: secretHeaders, reading: exchange.reading
        ) { request in
            try exchange.checkReadable()
            guard let cache else {
                return try await Self.transmit(
                    request, exchange: exchange, through: transport, sharing: shared, upTo: limit)
            }
            return try await cache.send(request, policy: cachePolicy) { sent in
                try await Self.transmit(sent, exchange: exchange, through: transport, sharing: shared, upTo: limit)
            }
        }
        return await pipeline.run(request, for: endpoint)
    }

    /// Sends one attempt's request through `transport`, or, with `shared`, waits for an identical one in flight
    /// and shares its head and body (read whole, within `limit`).
    private static func transmit(
        _ sent: TransportRequest,
        exchange: Exchange,
        through transport: any HTTPTransport,
        sharing shared: SharedRequests?,
        upTo limit: Int?
    ) async throws -> TransportResponse {
        guard let shared, let key = SharedRequestKey(sent) else {
            return try await exchange.send(sent, through: transport)
        }
        let (head, data) = try await shared.outcome(for: key) {
            let response = try await exchange.send(sent, through: transport)
            return (response.head, try await response.collect(after: sent.head, upTo: limit))
        }
        return TransportResponse(head: head, body: ResponseBody(data))
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
}
