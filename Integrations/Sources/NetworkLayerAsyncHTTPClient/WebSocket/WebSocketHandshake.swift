#if AsyncHTTPClient  // the package trait (Package.swift); without it, only the stand-in (+TraitOff.swift)
import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL
import NIOWebSocket
@_spi(Transport) import NetworkLayer

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The opening handshake of a WebSocket (RFC 6455, 4.1) over a connection of its own, with SwiftNIO's
/// upgrader, which sends the key and checks `Sec-WebSocket-Accept`; this type adds the request's fields, the
/// subprotocols and the permessage-deflate offer, and checks what the server chose of them.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
enum WebSocketHandshake {
    /// How the server answered.
    enum Outcome: Sendable {
        /// `101 Switching Protocols`: the socket is open.
        case upgraded(NIOWebSocketConnection, HTTPResponseHead)
        /// Anything else; the future completes once the answer is read.
        case refused(EventLoopFuture<RefusedHandshake>)
    }

    /// The handshake took longer than the request's timeout.
    private struct Timeout: Error {}

    /// Connects to the host of `request`'s URL (`http`, `https`, `ws` or `wss`) and sends the handshake.
    static func open(
        _ request: URLRequest, options: WebSocketOptions, group: any EventLoopGroup, tls: TLSConfiguration?
    ) async throws -> Outcome {
        guard let url = request.url, let host = url.host, !host.isEmpty,
            let secure = ["http": false, "ws": false, "https": true, "wss": true][url.scheme?.lowercased() ?? ""]
        else { throw NetworkError(.unsupportedURL, detail: "a WebSocket needs an http(s) or ws(s) URL with a host") }
        let port = url.port ?? (secure ? 443 : 80)
        let timeout = AsyncHTTPClientTransport.timeout(of: request)
        let configuration = upgradeConfiguration(
            head: requestHead(request, url: url, host: host, port: port, secure: secure, options: options),
            options: options)
        do {
            let sslContext = try secure ? NIOSSLContext(configuration: tls ?? .makeClientConfiguration()) : nil
            let serverName = host.contains(":") || host.allSatisfy({ $0.isNumber || $0 == "." }) ? nil : host
            let bootstrap = ClientBootstrap(group: group).connectTimeout(timeout)
                .channelOption(.socketOption(.tcp_nodelay), value: 1)
            let outcome = try await bootstrap.connect(host: host, port: port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    if let sslContext {
                        try channel.pipeline.syncOperations.addHandler(
                            NIOSSLClientHandler(context: sslContext, serverHostname: serverName))
                    }
                    var pipeline = NIOUpgradableHTTPClientPipelineConfiguration(upgradeConfiguration: configuration)
                    pipeline.leftOverBytesStrategy = .forwardBytes
                    let outcome = try channel.pipeline.syncOperations.configureUpgradableHTTPClientPipeline(
                        configuration: pipeline)
                    bound(outcome, of: channel, by: timeout)
                    return outcome
                }
            }
            return try await outcome.get()
        } catch is Timeout {
            throw NetworkError(.timedOut, detail: "the WebSocket handshake took longer than the request's timeout")
        } catch {
            throw NetworkError.classifying(error)
        }
    }

    /// Ends the connection unless the handshake, and a refusal's answer, are done within `timeout`.
    private static func bound(_ outcome: EventLoopFuture<Outcome>, of channel: any Channel, by timeout: TimeAmount) {
        let deadline = channel.eventLoop.scheduleTask(in: timeout) {
            channel.pipeline.fireErrorCaught(Timeout())
            channel.close(promise: nil)
        }
        outcome.whenComplete { result in
            switch result {
            case .success(.refused(let answer)):
                answer.whenComplete { _ in deadline.cancel() }
            case .success(.upgraded):
                deadline.cancel()
            case .failure:
                deadline.cancel()
                channel.close(promise: nil)
            }
        }
    }

    private static func upgradeConfiguration(head: HTTPRequestHead, options: WebSocketOptions)
        -> NIOTypedHTTPClientUpgradeConfiguration<Outcome>
    {
        let maximumMessageSize = max(0, options.maximumMessageSize)
        // A compressed frame may be a little larger than its message; control frames carry up to 125 bytes.
        let frameLimit = min(Int(UInt32.max), max(125, maximumMessageSize + (options.compression ? 1024 : 0)))
        // The router keeps the inbox of `inboundBufferSize` and asks for a message only when it has room: the
        // transport stops reading as soon as one waits, so that it is not a second buffer.
        let settings = WebSocketFrameHandler.Settings(
            maximumMessageSize: maximumMessageSize, bufferSize: 1,
            pingInterval: options.pingInterval.flatMap { $0 > 0 ? timeAmount($0) : nil },
            pongTimeout: timeAmount(options.pongTimeout))
        let upgrader = NIOTypedWebSocketClientUpgrader<Outcome>(
            maxFrameSize: frameLimit, enableAutomaticErrorHandling: false
        ) { channel, response in
            channel.eventLoop.makeCompletedFuture {
                let subprotocol = try chosenSubprotocol(response, options: options)
                let deflate = try PerMessageDeflate.negotiate(
                    response.headers["Sec-WebSocket-Extensions"], offered: options.compression)
                let handler = WebSocketFrameHandler(settings: settings, deflate: deflate)
                try channel.pipeline.syncOperations.addHandler(handler)
                return .upgraded(
                    NIOWebSocketConnection(channel: channel, handler: handler, subprotocol: subprotocol), response)
            }
        }
        return NIOTypedHTTPClientUpgradeConfiguration(upgradeRequestHead: head, upgraders: [upgrader]) { channel in
            channel.eventLoop.makeCompletedFuture {
                let answer = channel.eventLoop.makePromise(of: RefusedHandshake.self)
                try channel.pipeline.syncOperations.addHandler(RefusedHandshakeRecorder(promise: answer))
                return .refused(answer.futureResult)
            }
        }
    }

    /// The subprotocol of the server's answer, which must be one that was offered (RFC 6455, 4.1).
    private static func chosenSubprotocol(_ response: HTTPResponseHead, options: WebSocketOptions) throws(NetworkError)
        -> String?
    {
        guard let chosen = response.headers["Sec-WebSocket-Protocol"].first?.trimmingCharacters(in: .whitespaces)
        else { return nil }
        guard options.subprotocols.contains(chosen) else {
            throw NetworkError(
                .protocolViolation,
                detail: "WebSocket handshake: the server chose the subprotocol \(chosen), not offered")
        }
        return chosen
    }

    /// The handshake's `GET`: the request's own fields, then the subprotocols and extensions offered; the upgrader
    /// adds `Connection`, `Upgrade`, `Sec-WebSocket-Key` and `-Version`.
    private static func requestHead(
        _ request: URLRequest, url: URL, host: String, port: Int, secure: Bool, options: WebSocketOptions
    ) -> HTTPRequestHead {
        let handshakeFields: Set<String> = [
            "host", "connection", "upgrade", "sec-websocket-key", "sec-websocket-version", "sec-websocket-protocol",
            "sec-websocket-extensions", "content-length", "transfer-encoding",
        ]
        var headers = NIOHTTP1.HTTPHeaders()
        let hostName = host.contains(":") ? "[\(host)]" : host
        headers.add(name: "Host", value: port == (secure ? 443 : 80) ? hostName : "\(hostName):\(port)")
        for (name, value) in (request.allHTTPHeaderFields ?? [:]).sorted(by: { $0.key < $1.key })
        where !handshakeFields.contains(name.lowercased()) {
            headers.add(name: name, value: value)
        }
        if !options.subprotocols.isEmpty {
            headers.add(name: "Sec-WebSocket-Protocol", value: options.subprotocols.joined(separator: ", "))
        }
        if options.compression { headers.add(name: "Sec-WebSocket-Extensions", value: PerMessageDeflate.offer) }
        let components = URLComponents(url: url, resolvingAgainstBaseURL: false)
        let path = components?.percentEncodedPath ?? ""
        let query = components?.percentEncodedQuery.map { "?\($0)" } ?? ""
        return HTTPRequestHead(
            version: .http1_1, method: .GET, uri: (path.isEmpty ? "/" : path) + query, headers: headers)
    }

    private static func timeAmount(_ seconds: TimeInterval) -> TimeAmount {
        .nanoseconds(Int64((max(0, min(seconds, 1e9)) * 1_000_000_000).rounded()))
    }
}
#endif
