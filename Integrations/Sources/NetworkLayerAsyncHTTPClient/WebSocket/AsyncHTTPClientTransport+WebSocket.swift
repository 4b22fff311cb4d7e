#if AsyncHTTPClient  // the package trait (Package.swift); without it, only the stand-in (+TraitOff.swift)
import Foundation
import NIOCore
import NIOHTTP1
@_spi(Transport) import NetworkLayer

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
extension AsyncHTTPClientTransport {
    /// Opens a WebSocket on the client's event loops, over a connection of its own: the handshake carries the
    /// request's fields and the stored cookies, follows redirects by ``redirectPolicy`` (credentials never
    /// reach another origin), checks the pins of ``NetworkLayer/RouterConfiguration/certificatePinning`` as a
    /// request does, and a refusal comes back with its status, fields and up to 64 KiB of its body.
    ///
    /// The socket speaks RFC 6455 with SwiftNIO's frame codec: it answers pings, sends those of
    /// ``NetworkLayer/WebSocketOptions/pingInterval``, takes permessage-deflate when offered and accepted, and
    /// fails the connection with the RFC's close code when the peer breaks the protocol.
    @_spi(Transport) public func openWebSocket(
        _ request: TransportRequest, options: WebSocketOptions
    ) async throws -> WebSocketUpgrade {
        var current = request.head
        for hop in 0... {
            // A pinned host's connection trusts its pinned roots only, as a request's does.
            let pinned = try pinnedTLSConfiguration(for: current.url, pinning: request.certificatePinning)
            let outcome: WebSocketHandshake.Outcome
            do {
                outcome = try await WebSocketHandshake.open(
                    withCookies(current), options: options, group: client.eventLoopGroup,
                    tls: pinned ?? clientTLSConfiguration)
            } catch let error as NetworkError where pinned != nil {
                throw await pinningFailure(error, url: current.url, pinning: request.certificatePinning)
            }
            switch outcome {
            case .upgraded(let connection, let answer):
                let head = try responseHead(answer, url: current.url)
                cookies?.store(from: head)
                return .connected(connection, head: head)
            case .refused(let answer):
                let refusal: RefusedHandshake
                do { refusal = try await answer.get() } catch { throw NetworkError.classifying(error) }
                let head = try responseHead(refusal.head, url: current.url)
                cookies?.store(from: head)
                guard
                    let next = redirectPolicy.request(
                        after: head, answering: current, origin: request.head.url,
                        credentialHeaders: request.credentialHeaders,
                        forwarding: request.headersForwardedAcrossOrigins)
                else {
                    return .refused(
                        TransportResponse(head: head, body: ResponseBody(Data(refusal.body.readableBytesView))))
                }
                guard hop < maximumRedirects else {
                    throw NetworkError(.tooManyRedirects, detail: "more than \(maximumRedirects) redirects")
                }
                current = next
            }
        }
        throw NetworkError(.tooManyRedirects, detail: "more than \(maximumRedirects) redirects")
    }

    /// `request` with the cookies stored for its URL, unless it sets `Cookie` itself.
    private func withCookies(_ request: URLRequest) -> URLRequest {
        guard let cookies, let url = request.url, request.value(forHTTPHeaderField: "Cookie") == nil,
            let stored = cookies.cookies(for: url), let field = HTTPCookie.requestHeaderFields(with: stored)["Cookie"]
        else { return request }
        var request = request
        request.setValue(field, forHTTPHeaderField: "Cookie")
        return request
    }

    private func responseHead(_ head: HTTPResponseHead, url: URL?) throws -> ResponseHead {
        var headers: NetworkLayer.HTTPHeaders = [:]
        for field in head.headers {
            headers.add(name: field.name, value: field.value)
        }
        let version = NetworkLayer.HTTPVersion(major: head.version.major, minor: head.version.minor)
        guard let url,
            let response = ResponseHead(
                statusCode: Int(head.status.code), httpVersion: version, headers: headers, url: url)
        else {
            throw NetworkError(.badResponse, detail: "WebSocket handshake answered with status \(head.status.code)")
        }
        return response
    }
}
#endif
