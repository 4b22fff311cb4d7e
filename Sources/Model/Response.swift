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

    /// Creates a response.
    public init(request: URLRequest, head: ResponseHead, data: Data) {
        self.request = request
        self.head = head
        self.data = data
    }

    /// Creates a response from Foundation's response head.
    public init(request: URLRequest, httpResponse: HTTPURLResponse, data: Data) {
        self.init(request: request, head: ResponseHead(httpResponse), data: data)
    }

    /// The response head as Foundation's `HTTPURLResponse`.
    public var httpResponse: HTTPURLResponse { head.httpURLResponse }

    /// The HTTP status code.
    public var statusCode: Int { head.statusCode }

    /// The response headers. Look-ups are case-insensitive; repeated fields stay apart when the
    /// transport kept them apart (see ``HTTPHeaders/values(for:)``).
    public var headers: HTTPHeaders { head.headers }

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
