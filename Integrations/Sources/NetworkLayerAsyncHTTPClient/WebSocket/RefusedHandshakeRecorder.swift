#if AsyncHTTPClient  // the package trait (Package.swift); without it, only the stand-in (+TraitOff.swift)
import NIOCore
import NIOHTTP1

/// The answer of a server that did not switch protocols: its head and the start of its body.
struct RefusedHandshake: Sendable {
    var head: HTTPResponseHead
    var body: ByteBuffer
}

/// Keeps the response that refused a WebSocket handshake, then closes the connection, which serves nothing else.
///
/// Added after the upgrade handler when the response is not `101`; that handler hands the response on to it.
final class RefusedHandshakeRecorder: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPClientResponsePart

    /// The most body kept; the rest is not read.
    static let bodyLimit = 64 * 1024

    private let promise: EventLoopPromise<RefusedHandshake>
    private var response: RefusedHandshake?
    private var finished = false

    init(promise: EventLoopPromise<RefusedHandshake>) {
        self.promise = promise
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head):
            response = RefusedHandshake(head: head, body: context.channel.allocator.buffer(capacity: 0))
        case .body(var chunk):
            response?.body.writeBuffer(&chunk)
            if (response?.body.readableBytes ?? 0) >= Self.bodyLimit { finish(context: context) }
        case .end:
            finish(context: context)
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        finish(context: context)
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        if response == nil, !finished {
            finished = true
            promise.fail(error)
        }
        finish(context: context)
    }

    private func finish(context: ChannelHandlerContext) {
        guard !finished else { return }
        finished = true
        if let response {
            promise.succeed(response)
            self.response = nil
        } else {
            promise.fail(ChannelError.eof)
        }
        context.close(promise: nil)
    }
}
#endif
