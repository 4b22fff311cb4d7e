import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Authentication challenges and redirects: how ``SessionDelegate`` answers Foundation's questions.
extension SessionDelegate {
    func urlSession(
        _ session: URLSession,
        task: URLSessionTask,
        didReceive challenge: URLAuthenticationChallenge,
        completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    ) {
        #if canImport(FoundationNetworking)
        switch challenge.protectionSpace.authenticationMethod {
        case NSURLAuthenticationMethodHTTPBasic, NSURLAuthenticationMethodHTTPDigest,
            NSURLAuthenticationMethodNTLM, NSURLAuthenticationMethodNegotiate:
            // Linux never completes a task whose challenge gets default handling, so decline it and
            // hand the 401 back. Credentials travel in headers the caller or the router sets.
            let failure = challenge.failureResponse as? HTTPURLResponse ?? Self.unauthorized(for: task)
            if let failure { cookies?.store(from: failure) }
            transfers.withLock { $0[task.taskIdentifier]?.challengeResponse = failure }
            // Deferred: Foundation answers on the session's work thread, which may be this one.
            deferredCalls.async { completionHandler(.cancelAuthenticationChallenge, nil) }
        default:
            deferredCalls.async { completionHandler(.performDefaultHandling, nil) }
        }
        #else
        switch challenge.protectionSpace.authenticationMethod {
        case NSURLAuthenticationMethodServerTrust:
            answerServerTrust(challenge, task: task, completionHandler: completionHandler)
        case NSURLAuthenticationMethodHTTPBasic, NSURLAuthenticationMethodHTTPDigest:
            // Declined, so that the 401 reaches the router, which answers it with
            // `RouterConfiguration.challengeCredentials` if it has one, as on Linux and over any other
            // transport; default handling could answer from the session's credential storage first.
            completionHandler(.rejectProtectionSpace, nil)
        default:
            completionHandler(.performDefaultHandling, nil)
        }
        #endif
    }

    /// A bare 401 for a challenge that came without its failure response.
    private static func unauthorized(for task: URLSessionTask) -> HTTPURLResponse? {
        guard let url = task.currentRequest?.url ?? task.originalRequest?.url else { return nil }
        return HTTPURLResponse(url: url, statusCode: 401, httpVersion: "HTTP/1.1", headerFields: nil)
    }

    func urlSession(
        _ session: URLSession,
        task: URLSessionTask,
        willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest,
        completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        cookies?.store(from: response)
        let previous = task.currentRequest ?? task.originalRequest
        let decision = transfers.withLock { transfers in
            transfers.modifyValue(forKey: task.taskIdentifier) { transfer -> URLRequest? in
                transfer.lastActivity = .now()
                let options = transfer.options
                guard
                    var next = options.redirectPolicy.next(
                        after: response, proposed: request, origin: options.origin, previous: previous,
                        credentialHeaders: options.credentialHeaders, forwarding: options.forwardedHeaders)
                else { return nil }
                if let refusal = Self.pinningRefusal(of: next, options: options) {
                    transfer.failure = refusal
                    return nil
                }
                if options.resendsBody, let previous, RedirectPolicy.keepsMethod(previous, next) {
                    // Foundation would follow without the body; stop here and let the transport re-send.
                    if next.httpBody == nil { next.httpBody = previous.httpBody }
                    transfer.redirect = next
                    return nil
                }
                return next
            }
        }
        if transfers.withLock({ $0[task.taskIdentifier]?.failure }) != nil {
            cancel(task)
            completionHandler(nil)
            return
        }
        // A task the transport does not know still keeps its fields from another origin.
        let next =
            decision
            ?? RedirectPolicy.limitingHeaders(
                of: request, unlessSameOriginAs: [task.originalRequest?.url, response.url])
        completionHandler(next)
    }

    /// The failure of a redirect to a pinned host on Linux, whose Foundation asks no delegate about server trust,
    /// so that the transport cannot check pins there; `nil` elsewhere and for a host not pinned.
    private static func pinningRefusal(of request: URLRequest, options: TransferOptions) -> NetworkError? {
        #if canImport(FoundationNetworking)
        guard let pinning = options.certificatePinning, let host = request.url?.host,
            !pinning.pins(for: host).isEmpty
        else { return nil }
        let reason = "pinning is not supported by this transport; use AsyncHTTPClientTransport"
        return CertificatePinningError.unsupported(host: host, reason: reason).networkError
        #else
        return nil
        #endif
    }
}
