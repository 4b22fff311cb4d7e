import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Answers a router's requests from canned responses instead of the network.
///
/// The default answers every endpoint with its ``EndPointType/sampleData``:
///
/// ```swift
/// let router = Router<MovieAPI>(stub: StubTransport())
/// let offline = Router<MovieAPI>(stub: StubTransport(behavior: .delayed(seconds: 0.3)) { endpoint in
///     switch endpoint {
///     case .movie(id: 0): .http(404, data: Data(#"{"status_code":34}"#.utf8))
///     default: .sampleData(of: endpoint)
///     }
/// })
/// ```
///
/// Requests are still built, logged, validated and decoded exactly as over the network, so a
/// stubbed router is the way to test code that uses NetworkLayer. A request whose endpoint is not stubbed,
/// when the stub has no network transport, fails with ``NetworkError/Kind/unsupportedURL``.
public struct StubTransport<EndPoint: EndPointType>: Sendable {
    /// When a stubbed response arrives, or whether the request goes to the network instead.
    public enum Behavior: Sendable, Hashable {
        /// At once.
        case immediate
        /// After a delay, during which the request can be cancelled.
        case delayed(seconds: TimeInterval)
        /// Not stubbed: the request is sent through the stub's network transport (see
        /// ``StubTransport/init(network:behavior:respond:)``), like Moya's `.never`.
        case network
    }

    private let behaviors: @Sendable (EndPoint) -> Behavior
    private let network: (any HTTPTransport)?
    private let respond: @Sendable (EndPoint, URLRequest) -> StubResponse
    /// The scripts of each endpoint's WebSocket connections (see ``webSockets(_:)``).
    var webSocketScripts: (@Sendable (EndPoint) -> [StubWebSocket])?
    /// The handshakes and messages of the stubbed sockets, shared by the copies of this stub.
    let webSocketLog = StubWebSocketLog<EndPoint>()

    /// Creates a stub transport.
    ///
    /// - Parameters:
    ///   - behavior: When responses arrive. Defaults to ``Behavior/immediate``.
    ///   - respond: The response for an endpoint. Defaults to its sample data with status 200.
    public init(
        behavior: Behavior = .immediate,
        respond: @escaping @Sendable (EndPoint) -> StubResponse = { StubResponse.sampleData(of: $0) }
    ) {
        self.behaviors = { _ in behavior }
        self.network = nil
        self.respond = { endpoint, _ in respond(endpoint) }
    }

    /// Creates a stub transport that chooses per endpoint: a stubbed response at once or after a delay, or
    /// the real request over `network`, as Moya's `stubClosure` does.
    ///
    /// ```swift
    /// let router = Router<MovieAPI>(
    ///     stub: StubTransport(network: URLSessionTransport()) { endpoint in
    ///         switch endpoint {
    ///         case .movie(id: 0): .delayed(seconds: 0.2)
    ///         default: .network
    ///         }
    ///     } respond: { _ in
    ///         .http(404, data: Data(#"{"status_code":34}"#.utf8))
    ///     })
    /// ```
    ///
    /// - Parameters:
    ///   - network: Sends the requests of endpoints whose behavior is ``Behavior/network``.
    ///   - behavior: Whether an endpoint is stubbed, and when its response arrives.
    ///   - respond: The response for a stubbed endpoint. Defaults to its sample data with status 200.
    public init(
        network: any HTTPTransport,
        behavior: @escaping @Sendable (EndPoint) -> Behavior,
        respond: @escaping @Sendable (EndPoint) -> StubResponse = { StubResponse.sampleData(of: $0) }
    ) {
        self.behaviors = behavior
        self.network = network
        self.respond = { endpoint, _ in respond(endpoint) }
    }

    /// Creates a stub transport that serves several fixtures per endpoint, in order.
    ///
    /// Each request with the same method and URL gets the next of its endpoint's fixtures; once they
    /// are used up, the last one repeats. Handy for retries, paging and "fails, then works" flows:
    ///
    /// ```swift
    /// let stub = StubTransport<MovieAPI> { endpoint in
    ///     [.http(503), .sampleData(of: endpoint)]
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - behavior: When responses arrive. Defaults to ``Behavior/immediate``.
    ///   - fixtures: The responses for an endpoint, in the order they are served. An empty list
    ///     answers with the endpoint's sample data.
    public init(
        behavior: Behavior = .immediate,
        fixtures: @escaping @Sendable (EndPoint) -> [StubResponse]
    ) {
        let served = Locked<[String: Int]>([:])
        self.behaviors = { _ in behavior }
        self.network = nil
        self.respond = { endpoint, request in
            let responses = fixtures(endpoint)
            guard let last = responses.last else { return .sampleData(of: endpoint) }
            let key = "\(request.httpMethod ?? "GET") \(request.url?.absoluteString ?? "")"
            let index = served.withLock { counts in
                defer { counts[key, default: 0] += 1 }
                return counts[key, default: 0]
            }
            return index < responses.count ? responses[index] : last
        }
    }

    /// How `endpoint`'s requests are answered.
    func behavior(for endpoint: EndPoint) -> Behavior {
        behaviors(endpoint)
    }

    /// What sends the requests of endpoints that are not stubbed.
    var networkTransport: (any HTTPTransport)? { network }
}

extension StubTransport: HTTPTransport {
    /// Answers `request` with the response its endpoint is stubbed with, the body in one chunk, or sends it
    /// over the network transport when the endpoint's behavior is ``Behavior/network``.
    ///
    /// A request built from no endpoint of type `EndPoint`, or one whose endpoint is not stubbed when there
    /// is no network transport, fails with ``NetworkError/Kind/unsupportedURL``.
    @_spi(Transport) public func send(_ request: TransportRequest) async throws -> TransportResponse {
        let transport = try transport(for: request)
        if let refusal = request.pinningRefusal(by: transport) { throw refusal }
        return try await transport.send(request)
    }

    /// None: a stubbed response comes from no server. A request sent over the network transport is refused when
    /// that transport cannot check its host's pins.
    @_spi(Transport) public func pinningLimitation(for pins: [CertificatePin]) -> String? { nil }

    /// What answers `request`: the stubs or, for an endpoint that is not stubbed, the network.
    private func transport(for request: TransportRequest) throws -> any HTTPTransport {
        guard let endpoint = request.endpoint as? EndPoint else {
            throw NetworkError(.unsupportedURL, detail: "no stubbed \(EndPoint.self) endpoint for the request")
        }
        switch behaviors(endpoint) {
        case .immediate:
            return CannedResponses(endpoint: endpoint, delay: 0, respond: respond)
        case .delayed(let seconds):
            return CannedResponses(endpoint: endpoint, delay: seconds, respond: respond)
        case .network:
            guard let network else {
                throw NetworkError(.unsupportedURL, detail: "the endpoint is not stubbed and the stub has no network")
            }
            return network
        }
    }
}
