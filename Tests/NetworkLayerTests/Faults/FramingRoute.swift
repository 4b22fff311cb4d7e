import Foundation
@_spi(Transport) import NetworkLayer

/// The fault server's routes for response framing and stalled bodies, with the timeouts their tests need.
enum FramingRoute: EndPointType {
    /// `/length-fields`: a 200 with `fields` written as given, `body` bytes, then `stall` seconds before the close.
    case lengthFields([String], body: Int = 9, stall: Int = 0)
    /// `/stall-body`: a 200 announcing 1000 bytes, 100 of them, then nothing; the endpoint's timeout is `timeout`.
    case stallBody(timeout: TimeInterval)
    /// `/status/200`, with the endpoint timeout `timeout`.
    case plain(timeout: TimeInterval?)
    /// Any path on `url`, a host nothing serves.
    case unserved(URL)

    var baseURL: URL {
        if case .unserved(let url) = self { return url }
        return FaultServerPeer.baseURL
    }

    var path: String {
        switch self {
        case .lengthFields: "length-fields"
        case .stallBody: "stall-body"
        case .plain: "status/200"
        case .unserved: "anything"
        }
    }

    var httpMethod: HTTPMethod { .get }

    var task: HTTPTask {
        switch self {
        case .lengthFields(let fields, let body, let stall):
            return .requestParameters(
                bodyParameters: nil, bodyEncoding: .urlEncoding,
                urlParameters: ["fields": fields.joined(separator: "|"), "body": body, "stall": stall])
        case .stallBody:
            return .requestParameters(bodyParameters: nil, bodyEncoding: .urlEncoding, urlParameters: ["seconds": 300])
        case .plain, .unserved:
            return .request
        }
    }

    var timeout: TimeInterval? {
        switch self {
        case .stallBody(let timeout): timeout
        case .plain(let timeout): timeout
        // Answers at once, or stalls: a response that waits for the stall fails the test by its time limit.
        case .lengthFields, .unserved: 120
        }
    }
}
