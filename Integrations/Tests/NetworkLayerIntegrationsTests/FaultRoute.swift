import Foundation
import NetworkLayer

/// The routes of the project's fault server (`scripts/fault_server.py`) that the reliability table uses.
enum FaultRoute: EndPointType {
    case refused
    case stall(seconds: Int)
    case dropMidBody(id: String)
    case flaky(id: String)
    case rateLimited(id: String)
    case crossOriginRedirect(to: URL)
    case echoHeaders
    case attempts(id: String)
    case manyHeaders(count: Int)

    static var server: URL? {
        ProcessInfo.processInfo.environment["FAULT_SERVER_URL"].flatMap(URL.init(string:))
    }

    var baseURL: URL {
        if case .refused = self, let closed = URL(string: "http://127.0.0.1:1") { return closed }
        return Self.server ?? URL(fileURLWithPath: "/FAULT_SERVER_URL-not-set")
    }

    var path: String {
        switch self {
        case .refused: "anything"
        case .stall: "stall"
        case .dropMidBody(let id): "dropping/\(id)"
        case .flaky(let id): "flaky/\(id)"
        case .rateLimited(let id): "rate-limited/\(id)"
        case .crossOriginRedirect: "redirect-cross-origin"
        case .echoHeaders: "echo-headers"
        case .attempts(let id): "attempts/\(id)"
        case .manyHeaders: "many-headers"
        }
    }

    var httpMethod: HTTPMethod { .get }

    var task: HTTPTask {
        let query: Parameters? =
            switch self {
            case .stall(let seconds): ["seconds": seconds]
            case .dropMidBody: ["fail": 1, "mode": "mid-body"]
            case .flaky: ["fail": 1, "status": 503]
            case .rateLimited: ["retry_after": 1, "date": 0, "status": 429]
            case .crossOriginRedirect(let target): ["to": target.absoluteString, "status": 302]
            case .manyHeaders(let count): ["count": count]
            default: nil
            }
        guard let query else { return .request }
        return .requestParameters(bodyParameters: nil, bodyEncoding: .urlEncoding, urlParameters: query)
    }

    var headers: HTTPHeaders? {
        ["Authorization": "Bearer SECRET-TOKEN", "X-API-Key": "SECRET-KEY"]
    }

    var timeout: TimeInterval? {
        if case .stall = self { return 1 }
        return 10
    }
}
