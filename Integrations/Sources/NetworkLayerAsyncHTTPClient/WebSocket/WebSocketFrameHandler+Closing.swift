#if AsyncHTTPClient  // the package trait (Package.swift); without it, only the stand-in (+TraitOff.swift)
import NIOCore
import NIOWebSocket
@_spi(Transport) import NetworkLayer

extension WebSocketFrameHandler {
    /// Writes a message, compressed when permessage-deflate was negotiated, or starts the closing handshake.
    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        switch unwrapOutboundIn(data) {
        case .message(let message):
            guard !closeSent, !ended, failure == nil else {
                promise?.fail(failure ?? NetworkError(.connectionLost, detail: "the WebSocket is closed"))
                return
            }
            var payload = context.channel.allocator.buffer(capacity: message.byteCount)
            let opcode: WebSocketOpcode
            switch message {
            case .text(let text):
                payload.writeString(text)
                opcode = .text
            case .binary(let bytes):
                payload.writeBytes(bytes)
                opcode = .binary
            }
            if let deflate {
                payload = deflate.compress(payload, allocator: context.channel.allocator)
            }
            context.write(wrapOutboundOut(Self.frame(opcode, payload, rsv1: deflate != nil)), promise: promise)
        case .close(let code, let reason):
            guard !closeSent, !ended else {
                promise?.succeed(())
                return
            }
            if closeInfo == nil { closeInfo = WebSocketClose(code: code, reason: reason) }
            sendClose(code, reason: reason, context: context, promise: promise)
            // The reader's pending receive() ends now, with nil (and later ones after the buffered messages).
            wakeAtEnd()
        }
    }

    /// Sends a close frame and gives the peer ``Settings/closeTimeout`` to answer and end the connection.
    func sendClose(
        _ code: WebSocketCloseCode, reason: String, context: ChannelHandlerContext, promise: EventLoopPromise<Void>?
    ) {
        closeSent = true
        var payload = context.channel.allocator.buffer(capacity: 2 + 123)
        if code != .noStatusReceived {
            payload.writeInteger(code.rawValue)
            payload.writeString(String(decoding: reason.utf8.prefix(123), as: UTF8.self))
        }
        context.writeAndFlush(wrapOutboundOut(Self.frame(.connectionClose, payload)), promise: promise)
        guard closeDeadline == nil else { return }
        let channel = context.channel
        closeDeadline = context.eventLoop.scheduleTask(in: settings.closeTimeout) { channel.close(promise: nil) }
    }

    /// Reads the peer's close frame (RFC 6455, 5.5.1 and 7.4), answers it when the router had not closed first,
    /// and lets the peer end the connection.
    func receiveClose(_ frame: ByteBuffer, context: ChannelHandlerContext) {
        var payload = frame
        var received = WebSocketClose(code: .noStatusReceived)
        if payload.readableBytes == 1 {
            return fail(.protocolError, .protocolViolation, "a close frame of one byte")
        }
        if let raw = payload.readInteger(as: UInt16.self) {
            let code = WebSocketCloseCode(rawValue: raw)
            guard code.isSendable else {
                return fail(.protocolError, .protocolViolation, "a close frame with the invalid code \(raw)")
            }
            guard let reason = Self.utf8(payload.readableBytesView) else {
                return fail(.invalidFramePayloadData, .protocolViolation, "a close reason is not UTF-8")
            }
            received = WebSocketClose(code: code, reason: reason)
        }
        closeReceived = true
        fragments = nil
        if !closeSent {
            closeInfo = received
            // Echo the code (RFC 6455, 5.5.1); a close without one is answered without one.
            sendClose(received.code, reason: "", context: context, promise: nil)
        }
        wakeAtEnd()
    }

    /// Fails the connection (RFC 6455, 7.1.7): a close frame with `code`, then the end of the connection; the
    /// reader gets the messages buffered before, then `kind`.
    func fail(_ code: WebSocketCloseCode, _ kind: NetworkError.Kind, _ detail: String) {
        guard failure == nil, !ended, let context else { return }
        failure = NetworkError(kind, detail: "\(detail); closed with \(code.rawValue)")
        fragments = nil
        if closeInfo == nil { closeInfo = WebSocketClose(code: code, reason: detail) }
        if !closeSent {
            closeSent = true
            var payload = context.channel.allocator.buffer(capacity: 2)
            payload.writeInteger(code.rawValue)
            let channel = context.channel
            context.writeAndFlush(wrapOutboundOut(Self.frame(.connectionClose, payload))).whenComplete { _ in
                channel.close(promise: nil)
            }
        } else {
            context.close(promise: nil)
        }
        if buffered.isEmpty { wakeAtEnd() }
    }

    /// Sends a keep-alive ping; one that is not answered within ``Settings/pongTimeout`` fails the connection.
    func sendPing() {
        guard let context, !closeSent, !ended else { return }
        pingCount &+= 1
        var payload = context.channel.allocator.buffer(capacity: 8)
        payload.writeInteger(pingCount)
        context.writeAndFlush(wrapOutboundOut(Self.frame(.ping, payload)), promise: nil)
        guard pongDeadline == nil else { return }
        let loopBound = NIOLoopBound(self, eventLoop: context.eventLoop)
        let timeout = settings.pongTimeout
        pongDeadline = context.eventLoop.scheduleTask(in: timeout) {
            loopBound.value.fail(.goingAway, .pongTimeout, "no pong within \(timeout.nanoseconds / 1_000_000) ms")
        }
    }
}
#endif
