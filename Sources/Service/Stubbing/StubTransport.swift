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
/// stubbed router is the way to test code that uses NetworkLayer.
public struct StubTransport<EndPoint: EndPointType>: Sendable {
    /// When a stubbed response arrives.
    public enum Behavior: Sendable, Hashable {
        /// At once.
        case immediate
        /// After a delay, during which the request can be cancelled.
        case delayed(seconds: TimeInterval)
    }

    /// When responses arrive.
    public let behavior: Behavior
    private let respond: @Sendable (EndPoint, URLRequest) -> StubResponse

    /// Creates a stub transport.
    ///
    /// - Parameters:
    ///   - behavior: When responses arrive. Defaults to ``Behavior/immediate``.
    ///   - respond: The response for an endpoint. Defaults to its sample data with status 200.
    public init(
        behavior: Behavior = .immediate,
        respond: @escaping @Sendable (EndPoint) -> StubResponse = { StubResponse.sampleData(of: $0) }
    ) {
        self.behavior = behavior
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
        self.behavior = behavior
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
}

extension StubTransport: HTTPTransport {
    /// Answers `request` with the response its endpoint is stubbed with, the body in one chunk.
    ///
    /// A request built from no endpoint of type `EndPoint` fails with ``TransportError/Kind/unsupportedURL``.
    public func send(_ request: TransportRequest) async throws -> TransportResponse {
        guard let endpoint = request.endpoint as? EndPoint else {
            throw TransportError(.unsupportedURL, detail: "no stubbed \(EndPoint.self) endpoint for the request")
        }
        if case .delayed(let seconds) = behavior, seconds > 0, seconds.isFinite {
            try await Task.sleep(nanoseconds: UInt64(seconds * 1_000_000_000))
        }
        try Task.checkCancellation()
        switch respond(endpoint, request.head).outcome {
        case .failure(let error):
            throw error
        case .http(let statusCode, let headers, let data):
            let head = try Self.head(statusCode, headers, for: request)
            return TransportResponse(head: head, body: ResponseBody(data))
        case .stream(let statusCode, let headers, let chunks, let interval):
            let head = try Self.head(statusCode, headers, for: request)
            return TransportResponse(head: head, body: Self.body(chunks, interval: interval))
        }
    }

    private static func head(_ statusCode: Int, _ headers: HTTPHeaders, for request: TransportRequest) throws
        -> ResponseHead
    {
        guard let url = request.head.url,
            let head = ResponseHead(statusCode: statusCode, httpVersion: "HTTP/1.1", headers: headers, url: url)
        else { throw TransportError(.badResponse, detail: "status \(statusCode) cannot be sent") }
        return head
    }

    /// A body that writes `chunks` one by one, `interval` seconds apart, until the reader stops.
    private static func body(_ chunks: [Data], interval: TimeInterval) -> ResponseBody {
        let writing = Locked<Task<Void, Never>?>(nil)
        let (body, writer) = ResponseBody.makeStream { writing.withLock { $0?.cancel() } }
        let task = Task {
            for (index, chunk) in chunks.enumerated() {
                if index > 0, interval > 0, interval.isFinite {
                    try? await Task.sleep(nanoseconds: UInt64(interval * 1_000_000_000))
                }
                if Task.isCancelled { return }
                writer.write(chunk)
                await writer.waitForDemand()
            }
            writer.finish()
        }
        writing.withLock { $0 = task }
        return body
    }
}
