import Foundation
import NetworkLayer

/// The routes of `scripts/fault_server.py` the fault suites call.
enum FaultEndpoint: EndPointType {
    /// Any request to a loopback port nothing listens on.
    case closedPort
    /// `/close-immediately`: the connection closes without a response.
    case closeImmediately
    /// `/stall?seconds=N`: no response for `seconds`, with an endpoint timeout of `timeout`.
    case stall(seconds: Int, timeout: TimeInterval)
    /// `/close-mid-body`: 100 of 1000 announced body bytes, then the connection closes.
    case closeMidBody
    /// `/flaky/<id>?fail=N&status=S`: the first `failures` requests get `status`, later ones 200.
    case flaky(id: String, failures: Int, status: Int)
    /// `/dropping/<id>?fail=N&mode=M`: the first `failures` requests lose their connection, before the
    /// reply or mid-body; later ones 200.
    case dropping(id: String, failures: Int, midBody: Bool)
    /// `/rate-limited/<id>`: 429 with `Retry-After` (seconds, or an HTTP-date) once, then 200.
    case rateLimited(id: String, retryAfter: Int, asDate: Bool)
    /// `/attempts/<id>`: how many requests `id` has had.
    case attempts(id: String)
    /// `/redirect-cross-origin?to=URL`, sending `Authorization`.
    case redirect(to: URL, authorization: String)
    /// `/status/<code>`: that status, empty body.
    case status(Int)

    var baseURL: URL {
        if case .closedPort = self, let url = FaultServerPeer.closedPortURL { return url }
        return FaultServerPeer.baseURL
    }

    var path: String {
        switch self {
        case .closedPort: "anything"
        case .closeImmediately: "close-immediately"
        case .stall: "stall"
        case .closeMidBody: "close-mid-body"
        case .flaky(let id, _, _): "flaky/\(id)"
        case .dropping(let id, _, _): "dropping/\(id)"
        case .rateLimited(let id, _, _): "rate-limited/\(id)"
        case .attempts(let id): "attempts/\(id)"
        case .redirect: "redirect-cross-origin"
        case .status(let code): "status/\(code)"
        }
    }

    var task: HTTPTask {
        let query: Parameters? =
            switch self {
            case .stall(let seconds, _): ["seconds": seconds]
            case .flaky(_, let failures, let status): ["fail": failures, "status": status]
            case .dropping(_, let failures, let midBody): ["fail": failures, "mode": midBody ? "mid-body" : "empty"]
            case .rateLimited(_, let retryAfter, let asDate): ["retry_after": retryAfter, "date": asDate ? 1 : 0]
            case .redirect(let target, _): ["to": target.absoluteString]
            default: nil
            }
        guard let query else { return .request }
        return .requestParameters(bodyParameters: nil, bodyEncoding: .urlEncoding, urlParameters: query)
    }

    var headers: HTTPHeaders? {
        if case .redirect(_, let authorization) = self { return ["Authorization": authorization] }
        return nil
    }

    var timeout: TimeInterval? {
        switch self {
        case .stall(_, let timeout): timeout
        // Every other route answers, or fails, at once; a hang should not wait out the 60 s default.
        default: 10
        }
    }
}
