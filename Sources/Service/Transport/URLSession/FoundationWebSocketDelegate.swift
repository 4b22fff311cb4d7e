#if !canImport(FoundationNetworking)
import Foundation
import Security

/// The delegate of one `URLSessionWebSocketTask`'s session: reports the opening and the close frame, follows
/// redirects of the handshake by the transport's ``RedirectPolicy``, credentials staying with their origin, and
/// checks the pins of a pinned host.
final class FoundationWebSocketDelegate: NSObject, URLSessionWebSocketDelegate, Sendable {
    private struct State {
        var opening: CheckedContinuation<Void, any Error>?
        var subprotocol: String?
        var close: WebSocketClose?
        /// The pinning failure that cancelled the handshake.
        var pinningFailure: NetworkError?
    }

    private let state = Locked(State())
    private let request: TransportRequest
    private let redirectPolicy: RedirectPolicy

    init(request: TransportRequest, redirectPolicy: RedirectPolicy) {
        self.request = request
        self.redirectPolicy = redirectPolicy
    }

    /// The subprotocol the server chose.
    var subprotocol: String? { state.withLock { $0.subprotocol } }

    /// The close frame received, once one has been.
    var close: WebSocketClose? { state.withLock { $0.close } }

    /// The pinning failure that cancelled the handshake, if one did.
    var pinningFailure: NetworkError? { state.withLock { $0.pinningFailure } }

    /// Starts `task` and returns once the server switched protocols; throws what ended the task otherwise.
    func open(_ task: URLSessionWebSocketTask) async throws {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                state.withLock { $0.opening = continuation }
                task.resume()
            }
        } onCancel: {
            task.cancel()
        }
    }

    func urlSession(
        _ session: URLSession, webSocketTask: URLSessionWebSocketTask, didOpenWithProtocol protocol: String?
    ) {
        let opening = state.withLock { state in
            defer { state.opening = nil }
            state.subprotocol = `protocol`
            return state.opening
        }
        opening?.resume()
    }

    func urlSession(
        _ session: URLSession,
        webSocketTask: URLSessionWebSocketTask,
        didCloseWith closeCode: URLSessionWebSocketTask.CloseCode,
        reason: Data?
    ) {
        let close = WebSocketClose(
            code: WebSocketCloseCode(rawValue: UInt16(clamping: closeCode.rawValue)),
            reason: reason.map { String(decoding: $0, as: UTF8.self) } ?? "")
        state.withLock { state in
            if state.close == nil { state.close = close }
        }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let opening = state.withLock { state in
            defer { state.opening = nil }
            return state.opening
        }
        opening?.resume(throwing: error ?? URLError(.badServerResponse))
    }

    func urlSession(
        _ session: URLSession,
        task: URLSessionTask,
        willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest proposed: URLRequest,
        completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        let next = redirectPolicy.next(
            after: response, proposed: proposed, origin: request.head.url,
            previous: task.currentRequest ?? task.originalRequest, credentialHeaders: request.credentialHeaders,
            forwarding: request.headersForwardedAcrossOrigins)
        // A pinned host is reached over https only, where the challenge below checks its pins.
        if let host = next?.url?.host, let pinning = request.certificatePinning, !pinning.pins(for: host).isEmpty,
            next?.url?.scheme?.lowercased() != "https"
        {
            completionHandler(nil)
            return
        }
        completionHandler(next)
    }

    /// Checks the pins of a pinned host after the system's own evaluation, as ``URLSessionTransport`` does for
    /// requests; declines `Basic` and `Digest` challenges so that the 401 reaches the router.
    func urlSession(
        _ session: URLSession,
        task: URLSessionTask,
        didReceive challenge: URLAuthenticationChallenge,
        completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    ) {
        switch challenge.protectionSpace.authenticationMethod {
        case NSURLAuthenticationMethodServerTrust:
            let host = challenge.protectionSpace.host
            guard let pinning = request.certificatePinning, !pinning.pins(for: host).isEmpty,
                let trust = challenge.protectionSpace.serverTrust, SecTrustEvaluateWithError(trust, nil)
            else {
                completionHandler(.performDefaultHandling, nil)
                return
            }
            if let failure = pinning.failure(host: host, chain: SessionDelegate.certificates(of: trust)) {
                state.withLock { $0.pinningFailure = failure.networkError }
                completionHandler(.cancelAuthenticationChallenge, nil)
                return
            }
            completionHandler(.useCredential, URLCredential(trust: trust))
        case NSURLAuthenticationMethodHTTPBasic, NSURLAuthenticationMethodHTTPDigest:
            completionHandler(.rejectProtectionSpace, nil)
        default:
            completionHandler(.performDefaultHandling, nil)
        }
    }
}
#endif
