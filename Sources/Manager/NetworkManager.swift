import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Sends endpoints through a ``Router``, checks the status code and decodes the body.
///
/// ```swift
/// let page: MoviePage = try await NetworkManager<MovieAPI>().request(.popular(page: 1))
/// ```
///
/// Statuses outside the endpoint's ``EndPointType/acceptableStatusCodes`` become a typed
/// ``NetworkError`` that keeps the whole response, so a server's error JSON can still be read.
/// Bodies decode by the one rule of ``Response/decode(_:using:)``: a response without content (204, 205,
/// 304, `HEAD`, `Content-Length: 0`) decodes to ``EmptyResponse``, `nil` for optionals or empty `Data`;
/// any other empty body is ``NetworkError/Kind/noData``.
public struct NetworkManager<EndPoint: EndPointType>: Sendable {
    /// The router that sends the requests.
    public let router: Router<EndPoint>
    /// The decoder for response bodies.
    public let decoder: JSONDecoder

    /// Creates a manager.
    public init(router: Router<EndPoint> = Router(), decoder: JSONDecoder = JSONDecoder()) {
        self.router = router
        self.decoder = decoder
    }

    /// Sends `endpoint` and returns the response if its status is acceptable.
    public func response(for endpoint: EndPoint) async throws(NetworkError) -> Response {
        try accepted(try await router.request(endpoint), for: endpoint)
    }

    /// Sends `endpoint`, checks the status and decodes the body as `Value`.
    public func request<Value: Decodable>(
        _ endpoint: EndPoint,
        as type: Value.Type = Value.self
    ) async throws(NetworkError) -> Value {
        try decode(type, from: try await response(for: endpoint))
    }

    /// Sends `endpoint`, reporting the bytes of the response body as they arrive (see
    /// ``Router/request(_:progress:)``), then checks the status and decodes the body as `Value`.
    public func request<Value: Decodable>(
        _ endpoint: EndPoint,
        as type: Value.Type = Value.self,
        progress: @escaping TransferProgressHandler
    ) async throws(NetworkError) -> Value {
        let response = try await router.request(endpoint, progress: progress)
        return try decode(type, from: try accepted(response, for: endpoint))
    }

    /// Sends `endpoint`, checks the status and decodes the value at `keyPath` in the body as `Value` (see
    /// ``Response/decode(_:atKeyPath:using:)``).
    public func request<Value: Decodable>(
        _ endpoint: EndPoint,
        as type: Value.Type = Value.self,
        atKeyPath keyPath: String
    ) async throws(NetworkError) -> Value {
        try await response(for: endpoint).decode(type, atKeyPath: keyPath, using: decoder)
    }

    /// Sends `endpoint`, checks the status, decodes the body and calls `completion` exactly once.
    @discardableResult
    public func request<Value: Decodable & Sendable>(
        _ endpoint: EndPoint,
        as type: Value.Type = Value.self,
        completion: @escaping @Sendable (Result<Value, NetworkError>) -> Void
    ) -> CancellationToken {
        router.request(endpoint) { [self] (result: Result<Response, NetworkError>) in
            completion(
                result.flatMap { StatusValidation.validate($0, acceptable: endpoint.acceptableStatusCodes) }
                    .flatMap { response in Result { () throws(NetworkError) in try decode(type, from: response) } }
            )
        }
    }

    /// `response` when `endpoint` accepts its status, or the error its status makes.
    private func accepted(_ response: Response, for endpoint: EndPoint) throws(NetworkError) -> Response {
        try StatusValidation.validate(response, acceptable: endpoint.acceptableStatusCodes).get()
    }

    /// Decodes `response`'s body as `Value` with ``decoder``, by the rule of ``Response/decode(_:using:)``.
    func decode<Value: Decodable>(_ type: Value.Type, from response: Response) throws(NetworkError) -> Value {
        try response.decode(type, using: decoder)
    }
}
