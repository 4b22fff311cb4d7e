import Foundation
import NetworkLayer

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A GET of the target URL that carries the request's id in its query, so the echo names its request.
struct LoadEndpoint: EndPointType {
    let target: URL
    let phase: String
    let id: Int

    var baseURL: URL { target }
    var path: String { "" }
    var httpMethod: HTTPMethod { .get }
    var task: HTTPTask {
        .requestParameters(bodyParameters: nil, bodyEncoding: .urlEncoding, urlParameters: ["phase": phase, "id": id])
    }
}

extension LoadEndpoint {
    /// The same request built without the library, for a bare `URLSession`.
    var bareRequest: URLRequest {
        var components = URLComponents(url: target, resolvingAgainstBaseURL: false)
        components?.queryItems = [
            URLQueryItem(name: "id", value: String(id)), URLQueryItem(name: "phase", value: phase),
        ]
        return URLRequest(url: components?.url ?? target)
    }
}
