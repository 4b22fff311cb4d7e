import Foundation
@_spi(Transport) import NetworkLayer
@_spi(Transport) import NetworkLayerAsyncHTTPClient
import Testing

/// One case of scripts/websocket_hostile_server.py and how RFC 6455 says it ends.
struct HostileCase: Sendable, CustomTestStringConvertible {
    var name: String
    /// The messages read before the end.
    var messages: [WebSocketMessage] = []
    /// The failure `receive()` throws, or `nil` for a clean end (`nil` from `receive()`).
    var failure: NetworkError.Kind?
    /// The code of the close frame sent (on a failure) or received.
    var code: WebSocketCloseCode
    var options = WebSocketOptions(maximumMessageSize: 128 * 1024)

    var testDescription: String { name }

    static let all: [HostileCase] = [
        HostileCase(name: "split-utf8", messages: [.text("κό")], code: .normalClosure),
        HostileCase(
            name: "ping-between-fragments", messages: [.text("Hello, world"), .text("pong-ok")], code: .normalClosure),
        HostileCase(name: "unsolicited-pong", messages: [.text("after pong")], code: .normalClosure),
        HostileCase(name: "empty-close", code: .noStatusReceived),
        HostileCase(name: "close-4000", code: WebSocketCloseCode(rawValue: 4000)),
        HostileCase(name: "long-ping", failure: .protocolViolation, code: .protocolError),
        HostileCase(name: "fragmented-ping", failure: .protocolViolation, code: .protocolError),
        HostileCase(
            name: "never-pongs", failure: .pongTimeout, code: .goingAway,
            options: WebSocketOptions(pingInterval: 0.1, pongTimeout: 0.3)),
        HostileCase(name: "rsv1-without-extension", failure: .protocolViolation, code: .protocolError),
        HostileCase(name: "rsv2", failure: .protocolViolation, code: .protocolError),
        HostileCase(name: "rsv3-on-ping", failure: .protocolViolation, code: .protocolError),
        HostileCase(name: "unknown-data-opcode", failure: .protocolViolation, code: .protocolError),
        HostileCase(name: "unknown-control-opcode", failure: .protocolViolation, code: .protocolError),
        HostileCase(name: "continuation-without-start", failure: .protocolViolation, code: .protocolError),
        HostileCase(name: "message-inside-message", failure: .protocolViolation, code: .protocolError),
        HostileCase(name: "non-utf8-text", failure: .protocolViolation, code: .invalidFramePayloadData),
        HostileCase(name: "non-utf8-fragment", failure: .protocolViolation, code: .invalidFramePayloadData),
        HostileCase(name: "close-invalid-code", failure: .protocolViolation, code: .protocolError),
        HostileCase(name: "close-reserved-code", failure: .protocolViolation, code: .protocolError),
        HostileCase(name: "close-one-byte", failure: .protocolViolation, code: .protocolError),
        HostileCase(name: "close-non-utf8-reason", failure: .protocolViolation, code: .invalidFramePayloadData),
        HostileCase(name: "masked-frame", failure: .protocolViolation, code: .protocolError),
        HostileCase(name: "oversized-length", failure: .messageTooLarge, code: .messageTooBig),
        HostileCase(name: "oversized-fragments", failure: .messageTooLarge, code: .messageTooBig),
        HostileCase(
            name: "deflate-bomb", failure: .messageTooLarge, code: .messageTooBig, options: deflating),
        HostileCase(
            name: "deflate-text", messages: [.text(String(repeating: "κόσμε", count: 1000))], code: .normalClosure,
            options: deflating),
        HostileCase(
            name: "deflate-corrupt", failure: .protocolViolation, code: .invalidFramePayloadData, options: deflating),
    ]

    static let deflating = WebSocketOptions(maximumMessageSize: 128 * 1024, compression: true)
}

/// A server that breaks RFC 6455 on purpose (scripts/websocket_hostile_server.py, cases after Autobahn's
/// sections 1–7): every case ends as the RFC says, by the transport's own limits and timers, never by a
/// timer of the test's.
@Suite(
    "Integration: WebSockets over AsyncHTTPClientTransport against a hostile server",
    .enabled(
        if: WebSocketPeer.hostileServer != nil || WebSocketPeer.isRequired,
        "WEBSOCKET_HOSTILE_SERVER_URL is not set (scripts/test.sh starts scripts/websocket_hostile_server.py)")
)
struct WebSocketHostileTests {
    @Test("each hostile case ends as RFC 6455 says", arguments: HostileCase.all)
    func hostile(_ hostile: HostileCase) async throws {
        try await WebSocketPeer.withTransport { transport in
            let socket = try await WebSocketPeer.open(
                transport, server: WebSocketPeer.hostileServer, "/case/\(hostile.name)", options: hostile.options)
            var messages: [WebSocketMessage] = []
            var failure: NetworkError?
            do {
                while let message = try await socket.receive() { messages.append(message) }
            } catch let error as NetworkError {
                failure = error
            }
            #expect(messages == hostile.messages)
            #expect(failure?.kind == hostile.failure, "\(failure.map { "\($0)" } ?? "no failure")")
            #expect(await socket.closeInfo?.code == hostile.code)
        }
    }

    @Test("a handshake that is never answered ends at the request's timeout")
    func silentHandshake() async throws {
        try await WebSocketPeer.withTransport { transport in
            let error = await #expect(throws: NetworkError.self) {
                try await WebSocketPeer.upgrade(transport, server: WebSocketPeer.hostileServer, "/silent", timeout: 0.5)
            }
            #expect(error?.kind == .timedOut)
        }
    }
}
