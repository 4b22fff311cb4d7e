import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import NetworkLayer

/// An HTTP/1.1 server on the loopback interface that forwards every request to the origin through a
/// router and writes the response back; connections are kept alive as their requests ask.
struct ProxyServer {
    let port: Int
    let origin: URL
    let router: Router<ForwardedRequest>
    /// The largest request body taken; a larger one is answered `413`.
    let maximumRequestBody = 16 * 1024 * 1024

    typealias Connection = NIOAsyncChannel<HTTPServerRequestPart, HTTPServerResponsePart>

    /// Listens until the process ends, announcing the address on standard output once bound.
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    func run() async throws {
        let server = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .bind(host: "127.0.0.1", port: port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.configureHTTPServerPipeline()
                    return try Connection(wrappingChannelSynchronously: channel)
                }
            }
        let bound = server.channel.localAddress?.port ?? port
        FileHandle.standardOutput.write(Data("cache-tests-proxy: listening on 127.0.0.1:\(bound)\n".utf8))
        try await withThrowingDiscardingTaskGroup { group in
            try await server.executeThenClose { connections in
                for try await connection in connections {
                    group.addTask { await serve(connection) }
                }
            }
        }
    }

    /// Answers the requests of one connection in order, until the client closes it or asks to.
    private func serve(_ connection: Connection) async {
        try? await connection.executeThenClose { inbound, outbound in
            var head: HTTPRequestHead?
            var body = ByteBuffer()
            for try await part in inbound {
                switch part {
                case .head(let requestHead):
                    (head, body) = (requestHead, ByteBuffer())
                case .body(var chunk):
                    if body.readableBytes <= maximumRequestBody { body.writeBuffer(&chunk) }
                case .end:
                    guard let requestHead = head else { continue }
                    let answer = await forward(requestHead, body: body)
                    for part in answer { try await outbound.write(part) }
                    guard requestHead.isKeepAlive else { return }
                }
            }
        }
    }

    /// The parts of the response to `head` and `body`: the origin's, through the router, or a `502` saying
    /// why there is none.
    private func forward(_ head: HTTPRequestHead, body: ByteBuffer) async -> [HTTPServerResponsePart] {
        guard body.readableBytes <= maximumRequestBody else {
            return Self.answer(.payloadTooLarge, head: head, text: "request body over \(maximumRequestBody) bytes")
        }
        guard head.uri.hasPrefix("/"), let url = URL(string: origin.absoluteString + head.uri) else {
            return Self.answer(.badRequest, head: head, text: "not an origin-form target: \(head.uri)")
        }
        // NIO spells `M-SEARCH` without its hyphen; it goes on as the client sent it.
        let method = head.method == .MSEARCH ? "M-SEARCH" : head.method.rawValue
        var headers = HeaderFiltering.forwarded(head.headers)
        // One connection per request: a connection kept open could carry the rest of a body longer than its
        // `Content-Length` (which the suite sends on purpose) into the next response, or be closed by the
        // origin just as a request goes out on it; either would fail a request that is not the cache's doing.
        headers["Connection"] = "close"
        let request = ForwardedRequest(
            baseURL: url, httpMethod: NetworkLayer.HTTPMethod(rawValue: method), headers: headers,
            body: Data(body.readableBytesView))
        do {
            let response = try await router.request(request)
            return Self.parts(of: response, head: head)
        } catch {
            // On standard error too: scripts/cache_tests.sh lists them, to tell the proxy's failures from the cache's.
            FileHandle.standardError.write(Data("cache-tests-proxy: 502 for \(method) \(head.uri): \(error)\n".utf8))
            return Self.answer(.badGateway, head: head, text: "\(error)")
        }
    }

    /// The origin's response as it goes back: its status and fields, the body framed by its length.
    private static func parts(of response: Response, head: HTTPRequestHead) -> [HTTPServerResponsePart] {
        let status = HTTPResponseStatus(statusCode: response.statusCode)
        var fields = HeaderFiltering.returned(response.headers)
        let bodiless = head.method == .HEAD || status == .noContent || status == .notModified
        if head.method == .HEAD, let length = response.headers["Content-Length"] {
            fields.replaceOrAdd(name: "Content-Length", value: length)
        } else if !bodiless {
            fields.replaceOrAdd(name: "Content-Length", value: String(response.data.count))
        }
        fields.replaceOrAdd(name: "Connection", value: head.isKeepAlive ? "keep-alive" : "close")
        var parts: [HTTPServerResponsePart] = [
            .head(HTTPResponseHead(version: .http1_1, status: status, headers: fields))
        ]
        if !bodiless, !response.data.isEmpty { parts.append(.body(.byteBuffer(ByteBuffer(bytes: response.data)))) }
        parts.append(.end(nil))
        return parts
    }

    /// A response of the proxy's own, `text` as its body.
    private static func answer(_ status: HTTPResponseStatus, head: HTTPRequestHead, text: String)
        -> [HTTPServerResponsePart]
    {
        let body = ByteBuffer(string: text + "\n")
        let fields: NIOHTTP1.HTTPHeaders = [
            "Content-Type": "text/plain; charset=utf-8", "Content-Length": String(body.readableBytes),
            "Connection": head.isKeepAlive ? "keep-alive" : "close",
        ]
        return [
            .head(HTTPResponseHead(version: .http1_1, status: status, headers: fields)), .body(.byteBuffer(body)),
            .end(nil),
        ]
    }
}
