#if AsyncHTTPClient  // the package trait (Package.swift); without it, only the stand-in (+TraitOff.swift)
import Foundation
import NIOCore
import NIOWebSocket
@_spi(Transport) import NetworkLayer

/// What a ``NIOWebSocketConnection`` asks its channel to write.
enum WebSocketOutbound {
    /// One whole message, sent as one frame.
    case message(WebSocketMessage)
    /// The start of the closing handshake.
    case close(WebSocketCloseCode, reason: String)
}

/// Speaks RFC 6455 over the frames of one upgraded channel, on its event loop: reassembles messages, checks
/// them, answers pings, sends the keep-alive pings, runs the closing handshake, and fails the connection with
/// the close code the RFC gives when the peer breaks it.
///
/// Complete messages wait in a buffer of ``Settings/bufferSize``; while it is full the handler holds back the
/// channel's reads, so a slow reader slows the peer down through TCP instead of filling memory.
final class WebSocketFrameHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = WebSocketFrame
    typealias OutboundIn = WebSocketOutbound
    typealias OutboundOut = WebSocketFrame

    /// The limits and timers of one connection.
    struct Settings {
        var maximumMessageSize: Int
        var bufferSize: Int
        var pingInterval: TimeAmount?
        var pongTimeout: TimeAmount
        /// How long the closing handshake may wait for the peer before the connection is dropped.
        var closeTimeout: TimeAmount = .seconds(2)
    }

    /// A message being reassembled from its frames.
    struct Fragments {
        var isText: Bool
        var isCompressed: Bool
        var data: ByteBuffer
    }

    let settings: Settings
    let deflate: PerMessageDeflate?
    var context: ChannelHandlerContext?
    var buffered = CircularBuffer<WebSocketMessage>()
    var waiter: EventLoopPromise<WebSocketMessage?>?
    var readHeld = false
    var fragments: Fragments?
    var closeSent = false
    var closeReceived = false
    var ended = false
    var failure: NetworkError?
    var pings: RepeatedTask?
    var pongDeadline: Scheduled<Void>?
    var closeDeadline: Scheduled<Void>?
    var endsAfterUpgrade: Scheduled<Void>?
    var pingCount: UInt64 = 0
    /// How the connection closed, as ``NetworkLayer/WebSocketConnection/closeInfo`` tells it.
    var closeInfo: WebSocketClose?

    init(settings: Settings, deflate: PerMessageDeflate?) {
        self.settings = settings
        self.deflate = deflate
    }

    // MARK: Reading

    /// The next message for the reader: a buffered one, else `nil` once the socket closed, else the failure;
    /// else a future that the next message (or the end) completes.
    func nextMessage(on loop: any EventLoop) -> EventLoopFuture<WebSocketMessage?> {
        if let message = buffered.popFirst() {
            resumeReading()
            return loop.makeSucceededFuture(message)
        }
        if let failure { return loop.makeFailedFuture(failure) }
        if closeReceived || closeSent || ended { return loop.makeSucceededFuture(nil) }
        if waiter != nil {
            return loop.makeFailedFuture(NetworkError(.transportFailure, detail: "receive() called concurrently"))
        }
        let promise = loop.makePromise(of: WebSocketMessage?.self)
        waiter = promise
        resumeReading()
        return promise.futureResult
    }

    /// Fails a waiting ``nextMessage(on:)`` whose task was cancelled.
    func cancelWaiter() {
        waiter?.fail(CancellationError())
        waiter = nil
    }

    private func resumeReading() {
        guard readHeld, buffered.count < settings.bufferSize, let context else { return }
        readHeld = false
        context.read()
    }

    func read(context: ChannelHandlerContext) {
        if buffered.count >= settings.bufferSize {
            readHeld = true
        } else {
            context.read()
        }
    }

    private func deliver(_ message: WebSocketMessage) {
        if let waiter {
            self.waiter = nil
            waiter.succeed(message)
        } else {
            buffered.append(message)
        }
    }

    /// Wakes a waiting reader once nothing more will come: with the failure, or `nil`.
    func wakeAtEnd() {
        guard let waiter else { return }
        self.waiter = nil
        if let failure { waiter.fail(failure) } else { waiter.succeed(nil) }
    }

    // MARK: Channel events

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
        let loopBound = NIOLoopBound(self, eventLoop: context.eventLoop)
        if !context.channel.isActive {
            // The connection ended during the upgrade, before this handler was there to see it: it ends once the
            // upgrade handler has handed on the frames that came with the answer, which it closes with a read
            // complete; a second later at most.
            endsAfterUpgrade = context.eventLoop.scheduleTask(in: .seconds(1)) { loopBound.value.connectionEnded() }
            return
        }
        guard let interval = settings.pingInterval else { return }
        pings = context.eventLoop.scheduleRepeatedTask(initialDelay: interval, delay: interval) { _ in
            loopBound.value.sendPing()
        }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        stopTimers()
        self.context = nil
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let frame = unwrapInboundIn(data)
        guard !closeReceived, failure == nil else { return }
        receive(frame, context: context)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        switch error {
        case NIOWebSocketError.invalidFrameLength:
            fail(.messageTooBig, .messageTooLarge, "a frame is longer than \(settings.maximumMessageSize) bytes")
        case NIOWebSocketError.fragmentedControlFrame:
            fail(.protocolError, .protocolViolation, "a control frame is fragmented")
        case NIOWebSocketError.multiByteControlFrameLength:
            fail(.protocolError, .protocolViolation, "a control frame carries more than 125 bytes")
        default:
            if failure == nil, !closeReceived { failure = NetworkError.classifying(error) }
            context.close(promise: nil)
        }
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        if endsAfterUpgrade != nil { connectionEnded() }
        context.fireChannelReadComplete()
    }

    func channelInactive(context: ChannelHandlerContext) {
        connectionEnded()
        context.fireChannelInactive()
    }

    /// Records the end of the connection: how it closed, and the failure when it ended without a close frame.
    func connectionEnded() {
        guard !ended else { return }
        ended = true
        endsAfterUpgrade?.cancel()
        endsAfterUpgrade = nil
        stopTimers()
        if closeInfo == nil { closeInfo = WebSocketClose(code: .abnormalClosure) }
        if failure == nil, !closeReceived, !closeSent {
            failure = NetworkError(.connectionLost, detail: "the WebSocket ended without a close frame")
        }
        wakeAtEnd()
    }

    func stopTimers() {
        pings?.cancel()
        pings = nil
        pongDeadline?.cancel()
        pongDeadline = nil
        closeDeadline?.cancel()
        closeDeadline = nil
    }

    // MARK: Frames

    private func receive(_ frame: WebSocketFrame, context: ChannelHandlerContext) {
        if frame.maskKey != nil { return fail(.protocolError, .protocolViolation, "the server masked a frame") }
        if frame.rsv2 || frame.rsv3 { return fail(.protocolError, .protocolViolation, "a frame sets RSV2 or RSV3") }
        let startsMessage = frame.opcode == .text || frame.opcode == .binary
        if frame.rsv1, deflate == nil || !startsMessage {
            return fail(.protocolError, .protocolViolation, "a frame sets RSV1 without permessage-deflate")
        }
        switch frame.opcode {
        case .text, .binary:
            guard fragments == nil else {
                return fail(.protocolError, .protocolViolation, "a message began inside a fragmented one")
            }
            fragments = Fragments(
                isText: frame.opcode == .text, isCompressed: frame.rsv1,
                data: context.channel.allocator.buffer(
                    capacity: frame.length))
            append(frame)
        case .continuation:
            guard fragments != nil else {
                return fail(.protocolError, .protocolViolation, "a continuation frame without a message")
            }
            append(frame)
        case .ping:
            guard !closeSent else { return }
            context.writeAndFlush(wrapOutboundOut(Self.frame(.pong, frame.data)), promise: nil)
        case .pong:
            pongDeadline?.cancel()
            pongDeadline = nil
        case .connectionClose:
            receiveClose(frame.data, context: context)
        default:
            fail(.protocolError, .protocolViolation, "a frame with the unknown opcode \(frame.opcode)")
        }
    }

    private func append(_ frame: WebSocketFrame) {
        guard var message = fragments else { return }
        var data = frame.data
        // A compressed message may be a little larger than its text; the inflated size is checked again.
        let limit = message.isCompressed ? settings.maximumMessageSize + 1024 : settings.maximumMessageSize
        guard message.data.readableBytes + data.readableBytes <= limit else {
            fragments = nil
            return fail(
                .messageTooBig, .messageTooLarge, "a message is larger than \(settings.maximumMessageSize) bytes")
        }
        message.data.writeBuffer(&data)
        guard frame.fin else {
            fragments = message
            return
        }
        fragments = nil
        complete(message)
    }

    private func complete(_ message: Fragments) {
        var payload = message.data
        if message.isCompressed, let deflate, let context {
            do {
                payload = try deflate.decompress(
                    payload, limit: settings.maximumMessageSize, allocator: context.channel.allocator)
            } catch .tooLarge {
                return fail(
                    .messageTooBig, .messageTooLarge, "a message inflates past \(settings.maximumMessageSize) bytes")
            } catch {
                return fail(.invalidFramePayloadData, .protocolViolation, "a compressed message does not inflate")
            }
        }
        guard message.isText else { return deliver(.binary(Data(payload.readableBytesView))) }
        guard let text = Self.utf8(payload.readableBytesView) else {
            return fail(.invalidFramePayloadData, .protocolViolation, "a text message is not UTF-8")
        }
        deliver(.text(text))
    }

    /// `bytes` as a string when they are well-formed UTF-8.
    static func utf8(_ bytes: ByteBufferView) -> String? {
        let text = bytes.withContiguousStorageIfAvailable { buffer -> String? in
            if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, *) {
                return String(validating: buffer, as: UTF8.self)
            }
            // Decoding repairs what is not UTF-8, so well-formed bytes are those that read back the same.
            let text = String(decoding: buffer, as: UTF8.self)
            let utf8 = text.utf8
            let same =
                utf8.count == buffer.count
                && utf8.withContiguousStorageIfAvailable { $0.elementsEqual(buffer) } ?? utf8.elementsEqual(buffer)
            return same ? text : nil
        }
        return text ?? nil
    }

    static func frame(_ opcode: WebSocketOpcode, _ data: ByteBuffer, rsv1: Bool = false) -> WebSocketFrame {
        WebSocketFrame(fin: true, rsv1: rsv1, opcode: opcode, maskKey: .random(), data: data)
    }
}
#endif
