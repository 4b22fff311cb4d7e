import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The completion of the article-shaped request API: exactly one of `error` or `response` is set.
public typealias NetworkRouterCompletion =
    @Sendable (_ data: Data?, _ response: URLResponse?, _ error: (any Error)?) -> Void

/// Something that sends the requests of one endpoint type.
public protocol NetworkRouter: AnyObject, Sendable {
    /// The endpoints this router sends.
    associatedtype EndPoint: EndPointType

    /// Sends `route` and calls `completion` exactly once. Errors are ``NetworkError`` values.
    @discardableResult
    func request(_ route: EndPoint, completion: @escaping NetworkRouterCompletion) -> CancellationToken

    /// Cancels every request of this router that is still in flight.
    func cancel()
}
