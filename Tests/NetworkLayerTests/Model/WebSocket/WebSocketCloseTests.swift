import Foundation
import Testing

@_spi(Transport) @testable import NetworkLayer

@Suite("WebSocket close codes and messages")
struct WebSocketCloseTests {
    @Test(
        "Which codes a close frame may carry (RFC 6455, 7.4)",
        arguments: [
            (999, false), (1000, true), (1003, true), (1004, false), (1005, false), (1006, false), (1007, true),
            (1011, true), (1012, false), (2999, false), (3000, true), (4000, true), (4999, true), (5000, false),
        ] as [(UInt16, Bool)])
    func sendable(code: UInt16, sendable: Bool) {
        #expect(WebSocketCloseCode(rawValue: code).isSendable == sendable)
    }

    @Test("A close reads as its code, then its reason")
    func description() {
        #expect(WebSocketClose(code: .goingAway).description == "1001")
        #expect(
            WebSocketClose(code: WebSocketCloseCode(rawValue: 4000), reason: "kicked").description == "4000 (kicked)")
    }

    @Test(
        "A message's size is its payload's bytes",
        arguments: [
            (WebSocketMessage.text("héllo"), 6), (.binary(Data(count: 125)), 125), (.text(""), 0),
        ])
    func byteCount(message: WebSocketMessage, bytes: Int) {
        #expect(message.byteCount == bytes)
    }
}
