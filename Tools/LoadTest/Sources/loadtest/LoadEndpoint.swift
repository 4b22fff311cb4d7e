import Foundation
import NetworkLayer

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
