import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// An HTTP response as it arrived: status, headers and body, plus the request that produced it.
public struct Response: Sendable {
    /// The request that was sent, after every adjustment the router made.
    public let request: URLRequest
    /// The HTTP response head.
    public let httpResponse: HTTPURLResponse
    /// The response body; empty when the server sent none.
    public let data: Data

    /// Creates a response.
    public init(request: URLRequest, httpResponse: HTTPURLResponse, data: Data) {
        self.request = request
        self.httpResponse = httpResponse
        self.data = data
    }

    /// The HTTP status code.
    public var statusCode: Int { httpResponse.statusCode }

    /// The response headers. Look-ups are case-insensitive.
    public var headers: HTTPHeaders {
        var headers = HTTPHeaders()
        for (name, value) in httpResponse.allHeaderFields {
            if let name = name as? String, let value = value as? String {
                headers.update(name: name, value: value)
            }
        }
        return headers
    }

    /// Decodes the body as JSON into `type`.
    public func decode<Value: Decodable>(
        _ type: Value.Type = Value.self,
        using decoder: JSONDecoder = JSONDecoder()
    ) throws(NetworkError) -> Value {
        do {
            return try decoder.decode(type, from: data)
        } catch {
            throw .decodingFailed(DecodingFailure(error: error, response: self, typeName: "\(Value.self)"))
        }
    }
}
