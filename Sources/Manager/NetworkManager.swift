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
/// Bodies decode by the one rule of ``Response/decode(_:atKeyPath:using:)``: a response without content (204, 205,
/// 304, `HEAD`, `Content-Length: 0`) decodes to ``EmptyResponse``, `nil` for optionals or empty `Data`;
/// any other empty body is ``NetworkError/Kind/noData``.
public struct NetworkManager<EndPoint: EndPointType>: Sendable {
    /// The router that sends the requests.
    public let router: Router<EndPoint>
    /// The decoder for response bodies.
    let decoder: JSONDecoder

    /// Creates a manager that sends through `router` and decodes bodies with `decoder`.
    public init(router: Router<EndPoint> = Router(), decoder: JSONDecoder = JSONDecoder()) {
        self.router = router
        self.decoder = decoder
    }

    /// Sends `endpoint` and returns the response if its status is acceptable.
    public func response(for endpoint: EndPoint) async throws(NetworkError) -> Response {
        try accepted(try await router.request(endpoint), for: endpoint)
    }

    /// Sends `endpoint`, checks the status and decodes the body as `Value`.
    ///
    /// - Parameters:
    ///   - endpoint: What to send.
    ///   - type: What to decode.
    ///   - keyPath: Decodes the value at this dot-separated path in the body instead of the whole body (see
    ///     ``Response/decode(_:atKeyPath:using:)``). Defaults to `nil`, the whole body.
    ///   - progress: Reports the bytes of the response body as they arrive (see
    ///     ``Router/request(_:progress:)``). Defaults to `nil`, no reports.
    public func request<Value: Decodable>(
        _ endpoint: EndPoint,
        as type: Value.Type = Value.self,
        atKeyPath keyPath: String? = nil,
        progress: TransferProgressHandler? = nil
    ) async throws(NetworkError) -> Value {
        let response = try accepted(try await router.request(endpoint, progress: progress), for: endpoint)
        return try response.decode(type, atKeyPath: keyPath, using: decoder)
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

    /// Decodes `response`'s body as `Value` with `decoder`, by the rule of ``Response/decode(_:atKeyPath:using:)``.
    func decode<Value: Decodable>(_ type: Value.Type, from response: Response) throws(NetworkError) -> Value {
        try response.decode(type, using: decoder)
    }
}
