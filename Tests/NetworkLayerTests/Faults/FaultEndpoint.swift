import Foundation
@_spi(Transport) import NetworkLayer

/// The routes of `scripts/fault_server.py` the fault suites call.
enum FaultEndpoint: EndPointType {
    /// How `/dropping/<id>` loses its connection.
    enum DropMode: String, Sendable, CaseIterable {
        /// Closed before any response.
        case empty
        /// 100 of 1000 announced body bytes.
        case midBody = "mid-body"
        /// A chunked body cut inside its second chunk.
        case midChunk = "mid-chunk"
    }

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
    /// `/dropping/<id>?fail=N&mode=M`: the first `failures` requests lose their connection; later ones 200.
    case dropping(id: String, failures: Int, mode: DropMode)
    /// `/rate-limited/<id>`: `status` with `Retry-After` (seconds, or an HTTP-date) once, then 200.
    case rateLimited(id: String, retryAfter: Int, asDate: Bool, status: Int = 429)
    /// `/attempts/<id>`: how many requests `id` has had.
    case attempts(id: String)
    /// `/redirect-cross-origin?to=URL&status=S`, sent with `method`, `headers` and a JSON `body`.
    case redirect(
        to: URL, status: Int = 302, method: HTTPMethod = .get, headers: HTTPHeaders = [:], body: Parameters? = nil)
    /// `/status/<code>`: that status, empty body.
    case status(Int)
    /// `HEAD /large-head`: 200 announcing 500 MB and, rightly for `HEAD`, no body.
    case largeHead
    /// `/not-modified`: 304 with the representation's `Content-Length` of 500 MB.
    case notModified
    /// `/conflicting-length`: `Content-Length: 2` and `Content-Length: 9`.
    case conflictingLength
    /// `/many-headers?count=N`: a 200 with `count` header lines.
    case manyHeaders(count: Int)
    /// `/http-version/<v>`: a 200 whose status line names `HTTP/<v>`, `1.0` or `1.1`.
    case httpVersion(String)

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
        case .rateLimited(let id, _, _, _): "rate-limited/\(id)"
        case .attempts(let id): "attempts/\(id)"
        case .redirect: "redirect-cross-origin"
        case .status(let code): "status/\(code)"
        case .largeHead: "large-head"
        case .notModified: "not-modified"
        case .conflictingLength: "conflicting-length"
        case .manyHeaders: "many-headers"
        case .httpVersion(let version): "http-version/\(version)"
        }
    }

    var httpMethod: HTTPMethod {
        switch self {
        case .redirect(_, _, let method, _, _): method
        case .largeHead: .head
        default: .get
        }
    }

    var task: HTTPTask {
        let query: Parameters? =
            switch self {
            case .stall(let seconds, _): ["seconds": seconds]
            case .flaky(_, let failures, let status): ["fail": failures, "status": status]
            case .dropping(_, let failures, let mode): ["fail": failures, "mode": mode.rawValue]
            case .rateLimited(_, let retryAfter, let asDate, let status):
                ["retry_after": retryAfter, "date": asDate ? 1 : 0, "status": status]
            case .redirect(let target, let status, _, _, _): ["to": target.absoluteString, "status": status]
            case .manyHeaders(let count): ["count": count]
            default: nil
            }
        guard let query else { return .request }
        if case .redirect(_, _, _, _, let body?) = self {
            return .requestParameters(bodyParameters: body, bodyEncoding: .jsonEncoding, urlParameters: query)
        }
        return .requestParameters(bodyParameters: nil, bodyEncoding: .urlEncoding, urlParameters: query)
    }

    var headers: HTTPHeaders? {
        if case .redirect(_, _, _, let headers, _) = self { return headers }
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
