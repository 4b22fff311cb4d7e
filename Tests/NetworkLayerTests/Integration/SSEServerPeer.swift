import Foundation
@_spi(Transport) import NetworkLayer
import TestSupport
import Testing

/// The Server-Sent Events peer, `scripts/sse_server.py` (sse-starlette on uvicorn), as `scripts/test.sh`
/// starts it and names it in `SSE_SERVER_URL`.
enum SSEServerPeer {
    static let peer = LoopbackPeer(variable: "SSE_SERVER_URL", description: "sse-starlette server")
}

/// The routes of `scripts/sse_server.py`.
enum SSEEndpoint: EndPointType {
    /// `GET /events`: events 1…`count` after the request's `Last-Event-ID`, each with two data lines;
    /// `retry` on each connection's first event; the connection cut after `dropAfter` events; 204 at the end.
    case events(count: Int, retry: Int, dropAfter: Int?)
    /// `GET /no-content`: 204.
    case noContent
    /// `GET /not-sse`: a JSON body.
    case notSSE

    var baseURL: URL { SSEServerPeer.peer.baseURL }

    var path: String {
        switch self {
        case .events: "events"
        case .noContent: "no-content"
        case .notSSE: "not-sse"
        }
    }

    var httpMethod: HTTPMethod { .get }

    var task: HTTPTask {
        guard case .events(let count, let retry, let dropAfter) = self else { return .request }
        var query: Parameters = ["count": count, "retry": retry]
        query["drop_after"] = dropAfter
        return .requestParameters(bodyParameters: nil, bodyEncoding: .urlEncoding, urlParameters: query)
    }

    var headers: HTTPHeaders? { nil }
}

extension Trait where Self == ConditionTrait {
    /// Runs a suite only against a configured SSE peer (or when the run requires integration tests).
    static var needsSSEServer: Self {
        .enabled(
            if: SSEServerPeer.peer.isEnabled,
            "SSE_SERVER_URL is not set: Server-Sent Events tests skipped (scripts/test.sh runs them against sse-starlette)"
        )
    }
}
