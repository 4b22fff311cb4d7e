import Foundation
@_spi(Transport) import NetworkLayer
import NetworkLayerAsyncHTTPClient
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The routes of scripts/websocket_server.py, as an app declares them, with a `ws` base URL.
enum SocketRoute: EndPointType {
    case echo
    case auth(token: String)
    case close(code: UInt16)
    case drop(key: String)
    case stream(count: Int, size: Int)

    var baseURL: URL {
        let server = WebSocketPeer.echoServer?.absoluteString ?? "http://127.0.0.1:9"
        return URL(string: server.replacingOccurrences(of: "http://", with: "ws://")) ?? URL(fileURLWithPath: "/")
    }

    var path: String {
        switch self {
        case .echo: "echo"
        case .auth(let token): "auth/\(token)"
        case .close(let code): "close/\(code)"
        case .drop: "drop"
        case .stream: "stream"
        }
    }

    var httpMethod: HTTPMethod { .get }

    var task: HTTPTask {
        let query: Parameters? =
            switch self {
            case .drop(let key): ["after": 3, "key": key]
            case .stream(let count, let size): ["count": count, "size": size]
            default: nil
            }
        guard let query else { return .request }
        return .requestParameters(bodyParameters: nil, bodyEncoding: .urlEncoding, urlParameters: query)
    }

    var headers: HTTPHeaders? { nil }

    /// Reconnection for `drop` only, quick, without jitter.
    var webSocketOptions: WebSocketOptions {
        guard case .drop = self else { return WebSocketOptions() }
        var reconnection = EventStreamReconnection(initialDelay: 0.05, jitter: 0, maximumAttempts: 3)
        reconnection.minimumDelay = 0.05
        return WebSocketOptions(reconnection: reconnection)
    }
}

/// A bearer token that is refreshed to "fresh", counting its refreshes.
struct CountingBearer: Authenticator {
    let refreshes: Refreshes

    actor Refreshes {
        var count = 0
        func increment() { count += 1 }
    }

    func apply(_ credential: String, to request: inout URLRequest) {
        request.setValue("Bearer \(credential)", forHTTPHeaderField: "Authorization")
    }

    func refresh(_ credential: String) async throws -> String {
        await refreshes.increment()
        return "fresh"
    }
}

/// `router.webSocket(.endpoint)` over `Router(transport: AsyncHTTPClientTransport())` against websockets: the
/// pipeline's credentials and refresh, reconnection with its hook, close codes as values.
@Suite(
    "Integration: router.webSocket over AsyncHTTPClientTransport against websockets",
    .enabled(
        if: WebSocketPeer.echoServer != nil || WebSocketPeer.isRequired,
        "WEBSOCKET_SERVER_URL is not set (scripts/test.sh starts scripts/websocket_server.py)")
)
struct WebSocketRouterTests {
    /// Runs `body` with a router over a transport of its own, shut down after it.
    private func withRouter<Result>(
        _ configuration: RouterConfiguration = RouterConfiguration(),
        _ body: (Router<SocketRoute>) async throws -> Result
    ) async throws -> Result {
        try await WebSocketPeer.withTransport { transport in
            try await body(Router(configuration: configuration, transport: transport))
        }
    }

    @Test("a 401 on the handshake refreshes the credential once and the retry opens the socket")
    func refreshOn401() async throws {
        let refreshes = CountingBearer.Refreshes()
        let coordinator = AuthenticationCoordinator(
            authenticator: CountingBearer(refreshes: refreshes), credential: "stale")
        try await withRouter(RouterConfiguration(authentication: coordinator)) { router in
            let socket = try await router.webSocket(.auth(token: "fresh"))
            try await socket.send(.text("!report"))
            var messages = socket.messages.makeAsyncIterator()
            guard case .text(let json) = try await messages.next() else { throw WebSocketPeer.Unexpected("no report") }
            let report = try JSONDecoder().decode(WebSocketPeer.Report.self, from: Data(json.utf8))
            #expect(report.authorization == "Bearer fresh")
            await socket.close()
        }
        #expect(await refreshes.count == 1)
    }

    @Test("a server cut mid-stream is reconnected, and the resubscribe hook runs once")
    func reconnects() async throws {
        let resubscribed = CountingBearer.Refreshes()
        try await withRouter { router in
            let socket = try await router.webSocket(.drop(key: UUID().uuidString)) { socket in
                await resubscribed.increment()
                try await socket.send(.text("subscribe ticker"))
            }
            // The server closes the second connection with 1000 once it has echoed one message.
            var received: [WebSocketMessage] = []
            for try await message in socket.messages { received.append(message) }
            #expect(
                received == [
                    .text("tick 1"), .text("tick 2"), .text("tick 3"), .text("resumed"), .text("subscribe ticker"),
                ])
            await socket.close()
        }
        #expect(await resubscribed.count == 1)
    }

    @Test("the server's close code ends the messages as a value", arguments: [1000, 1001, 1011, 4000] as [UInt16])
    func closeCodes(code: UInt16) async throws {
        try await withRouter { router in
            let socket = try await router.webSocket(.close(code: code))
            var failure: NetworkError?
            do {
                for try await _ in socket.messages {}
            } catch let error as NetworkError {
                failure = error
            }
            let expected = WebSocketClose(code: WebSocketCloseCode(rawValue: code), reason: "bye \(code)")
            if code == 1000 {
                #expect(failure == nil)
                #expect(socket.closeInfo == expected)
            } else {
                #expect(failure?.kind == .closedByPeer)
                #expect(failure?.webSocketClose == expected)
            }
        }
    }
}
