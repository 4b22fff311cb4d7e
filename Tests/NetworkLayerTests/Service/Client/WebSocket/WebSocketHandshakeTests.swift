import Foundation
import TestSupport
import Testing

@_spi(Transport) @testable import NetworkLayer

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("WebSocket handshake through the pipeline")
struct WebSocketHandshakeTests {
    /// Credentials are `token-<n>`; each refresh hands out the next one.
    struct CountingAuthenticator: Authenticator {
        let refreshes = Locked(0)

        func apply(_ credential: String, to request: inout URLRequest) {
            request.setValue("Bearer \(credential)", forHTTPHeaderField: "Authorization")
        }

        func requiresRefresh(after response: Response) -> Bool { response.statusCode == 401 }

        func refresh(_ credential: String) async throws -> String {
            "token-\(refreshes.increment())"
        }
    }

    /// Opens a silent socket for `Bearer <accepted>` and answers anything else with `status`; records handshakes.
    static func server(accepting accepted: String, status: Int = 401, handshakes: Locked<[TransportRequest]>)
        -> SocketTransport
    {
        SocketTransport { request, _ in
            handshakes.withLock { $0.append(request) }
            let url = request.head.url ?? URL(string: "https://chat.example.com")!
            guard request.head.value(forHTTPHeaderField: "Authorization") == "Bearer \(accepted)" else {
                let head = ResponseHead(
                    statusCode: status,
                    headers: [
                        "WWW-Authenticate": "Bearer", "Sec-WebSocket-Version": "13", "Set-Cookie": "session=SECRET",
                    ],
                    url: url)!
                return .refused(TransportResponse(head: head, body: ResponseBody(Data("denied".utf8))))
            }
            let connection = StubWebSocketConnection(steps: [], subprotocol: nil, maximumMessageSize: 1024) { _ in }
            return .connected(connection, head: ResponseHead(statusCode: 101, url: url))
        }
    }

    @Test("Plugins and credentials prepare the handshake; the logger logs it with the credential hidden")
    func pluginsAndLogging() async throws {
        let lines = Locked<[String]>([])
        let handshakes = Locked<[TransportRequest]>([])
        let configuration = RouterConfiguration(
            logger: NetworkLogger(sink: LogSink { entry in lines.withLock { $0.append(entry) } }),
            plugins: [AccessTokenPlugin { "SECRET-TOKEN" }])
        let router = Router<SocketEndpoint>(
            configuration: configuration,
            transport: Self.server(accepting: "SECRET-TOKEN", handshakes: handshakes))
        let socket = try await router.webSocket(SocketEndpoint())
        let sent = try #require(handshakes.current.first)
        #expect(sent.head.value(forHTTPHeaderField: "Authorization") == "Bearer SECRET-TOKEN")
        #expect(sent.credentialHeaders.contains("authorization"))
        #expect(sent.endpoint is SocketEndpoint)
        let text = lines.current.joined(separator: "\n")
        #expect(lines.current.count == 2)
        #expect(text.contains("101"))
        #expect(!text.contains("SECRET-TOKEN"))
        await socket.close()
    }

    @Test("A 401 on the handshake refreshes the credential once and sends it once more")
    func refreshOn401() async throws {
        let authenticator = CountingAuthenticator()
        let handshakes = Locked<[TransportRequest]>([])
        let configuration = RouterConfiguration(
            authentication: AuthenticationCoordinator(authenticator: authenticator, credential: "token-0"))
        let router = Router<SocketEndpoint>(
            configuration: configuration, transport: Self.server(accepting: "token-1", handshakes: handshakes))
        let socket = try await router.webSocket(SocketEndpoint())
        #expect(authenticator.refreshes.current == 1)
        #expect(
            handshakes.current.map { $0.head.value(forHTTPHeaderField: "Authorization") } == [
                "Bearer token-0", "Bearer token-1",
            ])
        await socket.close()
    }

    @Test("A credential still rejected after the refresh fails with handshakeRefused, one line, secrets hidden")
    func refusedAfterRefresh() async throws {
        let authenticator = CountingAuthenticator()
        let handshakes = Locked<[TransportRequest]>([])
        let configuration = RouterConfiguration(
            authentication: AuthenticationCoordinator(authenticator: authenticator, credential: "token-0"))
        let router = Router<SocketEndpoint>(
            configuration: configuration, transport: Self.server(accepting: "never", handshakes: handshakes))
        let error = await #expect(throws: NetworkError.self) { try await router.webSocket(SocketEndpoint()) }
        #expect(error?.kind == .handshakeRefused)
        #expect(error?.statusCode == 401)
        #expect(handshakes.current.count == 2)
        let line = error?.description ?? ""
        #expect(line.hasPrefix("WebSocket handshake refused: GET https://chat.example.com/v1/rooms/7"))
        #expect(line.contains("401"))
        #expect(line.contains("Sec-WebSocket-Version: 13"))
        #expect(line.contains("Set-Cookie: REDACTED"))
        #expect(!line.contains("SECRET"))
        #expect(!line.contains("\n"))
    }

    @Test("Any status but 101 refuses the handshake", arguments: [200, 302, 403, 404, 426, 503])
    func refused(status: Int) async throws {
        let handshakes = Locked<[TransportRequest]>([])
        var endpoint = SocketEndpoint()
        endpoint.requiresAuthentication = false
        let router = Router<SocketEndpoint>(
            transport: Self.server(accepting: "none", status: status, handshakes: handshakes))
        let error = await #expect(throws: NetworkError.self) { try await router.webSocket(endpoint) }
        #expect(error?.kind == .handshakeRefused)
        #expect(error?.statusCode == status)
        #expect(error?.response?.data == Data("denied".utf8))
    }

    @Test("A transport that opens no sockets fails at once with notSupportedByTransport, naming what to use")
    func notSupported() async throws {
        let router = Router<SocketEndpoint>(transport: ClosureTransport.status(200))
        let error = await #expect(throws: NetworkError.self) { try await router.webSocket(SocketEndpoint()) }
        #expect(error?.kind == .notSupportedByTransport)
        #expect(error?.description.contains("AsyncHTTPClientTransport") == true)
        #expect(error?.description.contains("GET https://chat.example.com/v1/rooms/7") == true)
    }

    @Test("An endpoint that needs no authentication gets no credentials")
    func publicEndpoint() async throws {
        let handshakes = Locked<[TransportRequest]>([])
        let configuration = RouterConfiguration(
            authentication: AuthenticationCoordinator(authenticator: CountingAuthenticator(), credential: "token-0"))
        var endpoint = SocketEndpoint()
        endpoint.requiresAuthentication = false
        let router = Router<SocketEndpoint>(
            configuration: configuration,
            transport: SocketTransport { request, _ in
                handshakes.withLock { $0.append(request) }
                return .connected(
                    StubWebSocketConnection(steps: [], subprotocol: nil, maximumMessageSize: 1) { _ in }, head: nil)
            })
        let socket = try await router.webSocket(endpoint)
        #expect(handshakes.current.first?.head.value(forHTTPHeaderField: "Authorization") == nil)
        await socket.close()
    }

    @Test("The router's retry policy retries a handshake refused with 503, after its backoff")
    func retried() async throws {
        let attempts = Locked(0)
        let waits = Locked<[TimeInterval]>([])
        let transport = SocketTransport { request, _ in
            let url = request.head.url ?? URL(string: "https://chat.example.com")!
            guard attempts.increment() > 1 else {
                return .refused(
                    TransportResponse(head: ResponseHead(statusCode: 503, url: url)!, body: ResponseBody(Data())))
            }
            return .connected(
                StubWebSocketConnection(steps: [], subprotocol: nil, maximumMessageSize: 1) { _ in }, head: nil)
        }
        let configuration = RouterConfiguration(retryPolicy: RetryPolicy(jitter: 0)).sleeping { seconds in
            waits.withLock { $0.append(seconds) }
        }
        let socket = try await Router<SocketEndpoint>(configuration: configuration, transport: transport).webSocket(
            SocketEndpoint())
        #expect(attempts.current == 2)
        #expect(waits.current == [0.5])
        await socket.close()
    }

    @Test("A MultiTarget passes its endpoint's WebSocket options on")
    func multiTarget() async throws {
        let seen = Locked<WebSocketOptions?>(nil)
        let transport = SocketTransport { _, options in
            seen.withLock { $0 = options }
            return .connected(
                StubWebSocketConnection(steps: [], subprotocol: nil, maximumMessageSize: 1) { _ in }, head: nil)
        }
        let options = WebSocketOptions(subprotocols: ["v9"], maximumMessageSize: 99)
        let socket = try await Router<MultiTarget>(transport: transport).webSocket(
            .target(SocketEndpoint(webSocketOptions: options)))
        #expect(seen.current == options)
        await socket.close()
    }

    @Test(
        "A pinned host's handshake is refused before it goes out when the transport cannot check pins, or over ws",
        arguments: [
            ("wss://chat.example.com/v1", "pinning is not supported by this transport"),
            ("ws://chat.example.com/v1", "pins hold only over https"),
        ])
    func pinnedHost(base: String, reason: String) async throws {
        let opened = Locked(0)
        let transport = SocketTransport { _, _ in
            opened.increment()
            return .connected(
                StubWebSocketConnection(steps: [], subprotocol: nil, maximumMessageSize: 1) { _ in }, head: nil)
        }
        let pinning = try CertificatePinning(["chat.example.com": [TestCertificates.leafKeyPin]])
        let router = Router<SocketEndpoint>(
            configuration: RouterConfiguration(certificatePinning: pinning), transport: transport)
        let endpoint = SocketEndpoint(baseURL: try #require(URL(string: base)))
        let error = await #expect(throws: NetworkError.self) { try await router.webSocket(endpoint) }
        #expect(error?.kind == .secureConnection)
        #expect(error?.underlyingError is CertificatePinningError)
        #expect(error?.description.contains(reason) == true)
        #expect(opened.current == 0)
    }
}
