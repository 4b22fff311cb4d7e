#if AsyncHTTPClient  // the package trait (Package.swift); without it, only the stand-in (+TraitOff.swift)
import AsyncHTTPClient
import Foundation
import NIOCore
@_spi(Transport) import NetworkLayer

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
extension AsyncHTTPClientTransport {
    /// The final response of a request, after the redirects the policy followed.
    struct Exchange {
        var request: URLRequest
        var response: HTTPClientResponse
        var head: ResponseHead
    }

    /// Sends `request`, and each redirect the policy follows, up to ``maximumRedirects``.
    ///
    /// A hop that keeps the method sends the body again; a body given as a stream cannot be sent twice, so its
    /// redirect is handed back as it is.
    func follow(_ request: TransportRequest) async throws -> Exchange {
        var current = request.head
        var body = request.body
        var hops = 0
        while true {
            let response = try await execute(
                current, body: body, progress: request.uploadProgress, pinning: request.certificatePinning)
            let head = try ResponseHead(response, url: current.url)
            cookies?.store(from: head)
            guard
                let next = redirectPolicy.request(
                    after: head, answering: current, origin: request.head.url,
                    credentialHeaders: request.credentialHeaders,
                    forwarding: request.headersForwardedAcrossOrigins),
                body?.isReplayable ?? true
            else { return Exchange(request: current, response: response, head: head) }
            guard hops < maximumRedirects else {
                throw NetworkError(.tooManyRedirects, detail: "more than \(maximumRedirects) redirects")
            }
            try await ResponseStream.discard(response.body, idleTimeout: idleTimeout(of: current))
            if next.httpMethod != current.httpMethod { body = nil }
            current = next
            hops += 1
        }
    }

    /// Sends one request and waits for its head, within the request's timeout.
    ///
    /// A request to a host that `pinning` pins goes with the pinned roots as its only trust roots.
    private func execute(
        _ request: URLRequest, body: RequestBody?, progress: TransferProgressHandler?, pinning: CertificatePinning?
    ) async throws -> HTTPClientResponse {
        var outgoing = try HTTPClientRequest(request, body: body, cookies: cookies, progress: progress)
        outgoing.tlsConfiguration = try pinnedTLSConfiguration(for: request.url, pinning: pinning)
        do {
            return try await client.execute(outgoing, timeout: Self.timeout(of: request))
        } catch {
            let failure = NetworkError.classifying(error)
            guard outgoing.tlsConfiguration != nil else { throw failure }
            throw await pinningFailure(failure, url: request.url, pinning: pinning)
        }
    }
}

@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
extension AsyncHTTPClientTransport {
    /// The request's `timeoutInterval` as `TransportTimeout.bounded(_:)` reads it, as
    /// ``NetworkLayer/URLSessionTransport`` does: 60 seconds when it is not a positive number, and never past
    /// `TransportTimeout.maximum`.
    static func timeout(of request: URLRequest) -> TimeAmount {
        let seconds = TransportTimeout.bounded(request.timeoutInterval)
        return .nanoseconds(Int64((seconds * 1_000_000_000).rounded()))
    }

    /// The timeout an ``IdleWatch`` enforces on the body of the response to `request`, or `nil` when the
    /// client's own read timeout fails a stalled body first.
    func idleTimeout(of request: URLRequest) -> TimeAmount? {
        IdleWatch.needed(for: Self.timeout(of: request), clientReadTimeout: clientReadTimeout)
    }
}

@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
extension RequestBody {
    /// Whether the body can be sent a second time, after a redirect.
    var isReplayable: Bool {
        if case .stream = self { return false }
        return true
    }
}
#endif
