import Foundation
@_spi(Transport) import NetworkLayer
@_spi(Transport) import NetworkLayerAsyncHTTPClient
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The WebSocket peers `scripts/test.sh` starts: Python's `websockets` (`WEBSOCKET_SERVER_URL`,
/// scripts/websocket_server.py) and the hostile raw-socket server (`WEBSOCKET_HOSTILE_SERVER_URL`,
/// scripts/websocket_hostile_server.py), both `http://127.0.0.1:PORT`.
enum WebSocketPeer {
    static var echoServer: URL? { url("WEBSOCKET_SERVER_URL") }
    static var hostileServer: URL? { url("WEBSOCKET_HOSTILE_SERVER_URL") }

    /// Whether the run promised that the loopback suites run: then a missing server fails instead of skipping.
    static var isRequired: Bool { ProcessInfo.processInfo.environment["NETWORKLAYER_REQUIRE_INTEGRATION"] == "1" }

    private static func url(_ name: String) -> URL? {
        ProcessInfo.processInfo.environment[name].flatMap(URL.init(string:))
    }

    /// Runs `body` with a transport of its own, shut down after it.
    static func withTransport<Result>(_ body: (AsyncHTTPClientTransport) async throws -> Result) async throws
        -> Result
    {
        let transport = AsyncHTTPClientTransport()
        do {
            let result = try await body(transport)
            try await transport.shutdown()
            return result
        } catch {
            try await transport.shutdown()
            throw error
        }
    }

    /// Sends the handshake for `path` (with its query) on `server` and returns what the transport answered.
    static func upgrade(
        _ transport: AsyncHTTPClientTransport, server: URL?, _ path: String, options: WebSocketOptions = .init(),
        headers: [String: String] = [:], timeout: TimeInterval = 10
    ) async throws -> WebSocketUpgrade {
        let server = try #require(server, "the WebSocket peer's URL is not set")
        let url = try #require(URL(string: path, relativeTo: server)?.absoluteURL)
        var head = URLRequest(url: url, timeoutInterval: timeout)
        for (name, value) in headers { head.setValue(value, forHTTPHeaderField: name) }
        return try await transport.openWebSocket(TransportRequest(head: head), options: options)
    }

    /// Opens `path` and fails the test unless the server switched protocols.
    static func open(
        _ transport: AsyncHTTPClientTransport, server: URL?, _ path: String, options: WebSocketOptions = .init(),
        headers: [String: String] = [:]
    ) async throws -> any WebSocketConnection {
        let upgrade = try await upgrade(transport, server: server, path, options: options, headers: headers)
        guard case .connected(let connection, _) = upgrade else {
            throw Unexpected("the handshake for \(path) was refused")
        }
        return connection
    }

    /// What the peer should not have done.
    struct Unexpected: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }

    /// The JSON the echo server answers to "!report".
    struct Report: Decodable {
        var authorization: String?
        var subprotocol: String?
        var extensions: [String]
        var wireBytes: Int
        var pings: Int

        enum CodingKeys: String, CodingKey {
            case authorization, subprotocol, extensions, pings
            case wireBytes = "wire_bytes"
        }
    }

    static func report(_ connection: any WebSocketConnection) async throws -> Report {
        try await connection.send(.text("!report"))
        guard case .text(let json) = try await connection.receive() else {
            throw Unexpected("the server sent no report")
        }
        return try JSONDecoder().decode(Report.self, from: Data(json.utf8))
    }
}
