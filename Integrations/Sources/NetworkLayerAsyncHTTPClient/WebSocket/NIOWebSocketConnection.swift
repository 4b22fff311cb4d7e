#if AsyncHTTPClient  // the package trait (Package.swift); without it, only the stand-in (+TraitOff.swift)
import NIOCore
@_spi(Transport) import NetworkLayer

/// A WebSocket open over a SwiftNIO channel, as ``AsyncHTTPClientTransport`` hands it to the router.
///
/// Every call hops to the channel's event loop, where a ``WebSocketFrameHandler`` keeps the socket's state.
final class NIOWebSocketConnection: WebSocketConnection {
    let subprotocol: String?
    private let channel: any Channel
    private let handler: NIOLoopBound<WebSocketFrameHandler>

    init(channel: any Channel, handler: WebSocketFrameHandler, subprotocol: String?) {
        self.channel = channel
        self.handler = NIOLoopBound(handler, eventLoop: channel.eventLoop)
        self.subprotocol = subprotocol
    }

    deinit {
        channel.close(promise: nil)
    }

    func send(_ message: WebSocketMessage) async throws {
        do {
            try await channel.writeAndFlush(WebSocketOutbound.message(message)).get()
        } catch {
            throw NetworkError.classifying(error)
        }
    }

    func receive() async throws -> WebSocketMessage? {
        try Task.checkCancellation()
        let loop = channel.eventLoop
        let handler = self.handler
        let next = loop.flatSubmit { handler.value.nextMessage(on: loop) }
        // The cancellation is queued on the same loop after the request above, so it finds the waiter it made.
        return try await withTaskCancellationHandler {
            try await next.get()
        } onCancel: {
            loop.execute { handler.value.cancelWaiter() }
        }
    }

    func close(code: WebSocketCloseCode, reason: String) async {
        try? await channel.writeAndFlush(WebSocketOutbound.close(code, reason: reason)).get()
        try? await channel.closeFuture.get()
    }

    var closeInfo: WebSocketClose? {
        get async {
            let handler = self.handler
            return try? await channel.eventLoop.submit { handler.value.closeInfo }.get()
        }
    }
}
#endif
