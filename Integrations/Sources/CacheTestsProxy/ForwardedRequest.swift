import Foundation
import NetworkLayer

/// One request the proxy received, as an endpoint of the origin: the same method, path and query, header
/// fields and body.
struct ForwardedRequest: EndPointType {
    /// The origin's URL with the request's path and query, kept byte for byte: the router leaves a base URL
    /// as it is when the path is empty, where it would percent-encode a `?` in ``path``.
    let baseURL: URL
    let path = ""
    let httpMethod: HTTPMethod
    let headers: HTTPHeaders?
    let body: Data
    /// A proxy passes every status on, errors included.
    var acceptableStatusCodes: Set<Int> { Set(100..<600) }
    /// Not retried: the suite counts the requests its origin sees.
    var retryPolicy: RetryPolicy? { .never }
    /// A `GET` with a body goes on as it came.
    var allowsBodyInGET: Bool { true }

    var task: HTTPTask {
        body.isEmpty ? .request : .requestData(body, contentType: nil)
    }
}
