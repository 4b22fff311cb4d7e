import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// An HTTP response as it arrived: status, headers and body, plus the request that produced it.
public struct Response: Sendable {
    /// The request that was sent, after every adjustment the router made.
    public let request: URLRequest
    /// The response head: status, fields and final URL.
    public let head: ResponseHead
    /// The response body; empty when the server sent none.
    public let data: Data

    /// Creates a response; a router builds every response an app sees.
    @_spi(Transport) public init(request: URLRequest, head: ResponseHead, data: Data) {
        self.request = request
        self.head = head
        self.data = data
    }

    /// Creates a response from Foundation's response head.
    package init(request: URLRequest, httpResponse: HTTPURLResponse, data: Data) {
        self.init(request: request, head: ResponseHead(httpResponse), data: data)
    }

    /// The response head as Foundation's `HTTPURLResponse`.
    package var httpResponse: HTTPURLResponse { head.httpURLResponse }

    /// Whether the response came from the network, from the router's ``HTTPCache``, or from the cache after the
    /// server confirmed it (see ``RouterConfiguration/cache``).
    public var cacheStatus: CacheStatus { head.cacheStatus }

    /// The HTTP status code.
    public var statusCode: Int { head.statusCode }

    /// The response headers. Look-ups are case-insensitive; repeated fields stay apart when the
    /// transport kept them apart (see ``HTTPHeaders/values(for:)``).
    public var headers: HTTPHeaders { head.headers }

    /// Whether the response has no body by the rules of HTTP: status 204, 205 or 304, an answer to
    /// `HEAD`, or `Content-Length: 0`.
    var hasNoContent: Bool {
        [204, 205, 304].contains(statusCode) || request.httpMethod == "HEAD" || head.expectedContentLength == 0
    }

    /// Decodes the body as JSON into `type`, or the value at `keyPath` in it, by the library's one decoding rule.
    ///
    /// - `Data` is the body as it is, and `String` the body read as UTF-8.
    /// - An empty body of a response that has none by the rules of HTTP (status 204, 205 or 304, an
    ///   answer to `HEAD`, or `Content-Length: 0`) decodes to ``EmptyResponse``, to `nil` for
    ///   optionals, to empty `Data` or to an empty `String`.
    /// - Any other empty body fails with ``NetworkError/Kind/noData``.
    ///
    /// A key path decodes one value inside the body, as Moya's `map(_:atKeyPath:)` does:
    ///
    /// ```swift
    /// // {"data": {"movies": [...], "total": 2}}
    /// let movies = try response.decode([Movie].self, atKeyPath: "data.movies")
    /// ```
    ///
    /// Its keys are separated by dots, each looked up in an object. The value is decoded in place by
    /// `decoder`, with its strategies for dates, data and keys, without copying the JSON. A missing key, or a
    /// key path that passes through something other than an object, throws ``NetworkError/Kind/decodingFailed``
    /// naming the path; an empty body throws ``NetworkError/Kind/noData``.
    ///
    /// ``NetworkManager`` decodes with this rule too.
    ///
    /// - Parameters:
    ///   - type: What to decode.
    ///   - keyPath: The dot-separated path of the value to decode; `nil` or empty decodes the whole body.
    ///   - decoder: The decoder, with its strategies. Defaults to a plain `JSONDecoder`.
    public func decode<Value: Decodable>(
        _ type: Value.Type = Value.self,
        atKeyPath keyPath: String? = nil,
        using decoder: JSONDecoder = JSONDecoder()
    ) throws(NetworkError) -> Value {
        if let keyPath, !keyPath.isEmpty { return try decodeValue(type, atKeyPath: keyPath, using: decoder) }
        return try decodeBody(as: type) { try decoder.decode(Value.self, from: $0) }
    }

    /// Decodes the body with `decode` by the rule of ``decode(_:atKeyPath:using:)``, for decoders other than
    /// `JSONDecoder`.
    package func decodeBody<Value>(as type: Value.Type, with decode: (Data) throws -> Value) throws(NetworkError)
        -> Value
    {
        if data.isEmpty {
            guard hasNoContent, let empty = Self.emptyValue(of: type) else {
                throw NetworkError(.noData, response: self)
            }
            return empty
        }
        if let data = data as? Value { return data }
        do {
            if Value.self == String.self {
                guard let text = String(data: data, encoding: .utf8) as? Value else {
                    throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "the body is not UTF-8"))
                }
                return text
            }
            return try decode(data)
        } catch {
            throw NetworkError.decodingFailed(error, response: self, typeName: "\(Value.self)")
        }
    }

    private static func emptyValue<Value>(of type: Value.Type) -> Value? {
        if let empty = (type as? any EmptyResponseDecodable.Type)?.emptyValue as? Value { return empty }
        return Data() as? Value ?? "" as? Value
    }
}
