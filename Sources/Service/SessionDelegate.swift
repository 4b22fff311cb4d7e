import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Collects each task's response and body and completes it exactly once.
final class SessionDelegate: NSObject, URLSessionDataDelegate {
    typealias Completion = @Sendable (Result<(Data, HTTPURLResponse), any Error>) -> Void

    private struct Transfer {
        let completion: Completion
        var response: HTTPURLResponse?
        var data = Data()
        /// The 401 of a Basic challenge this delegate declined.
        var challengeResponse: HTTPURLResponse?
        /// When the task was registered or last received anything.
        var lastActivity = DispatchTime.now()
    }

    /// How long past its own timeout an idle task may stay before ``watch(_:idleTimeout:)`` ends it,
    /// so that Foundation's timeout, when it works, always wins.
    static let watchdogGrace: TimeInterval = 1

    private let transfers = Locked<[Int: Transfer]>([:])

    func register(_ task: URLSessionTask, completion: @escaping Completion) {
        transfers.withLock { $0[task.taskIdentifier] = Transfer(completion: completion) }
    }

    /// Fails `task` with `URLError(.timedOut)` once it has received nothing for `idleTimeout`
    /// (plus ``watchdogGrace``), then cancels it.
    ///
    /// A backstop: Foundation on Linux never finishes some transfers, and then no timeout of its own
    /// fires either, because the bytes are all in (for example an unanswered authentication challenge).
    func watch(_ task: URLSessionTask, idleTimeout: TimeInterval) {
        guard idleTimeout.isFinite, idleTimeout > 0 else { return }
        let deadline = transfers.withLock { $0[task.taskIdentifier]?.lastActivity }
        guard let deadline else { return }
        schedule(task, idleTimeout: idleTimeout, at: deadline + idleTimeout + Self.watchdogGrace)
    }

    private func schedule(_ task: URLSessionTask, idleTimeout: TimeInterval, at deadline: DispatchTime) {
        DispatchQueue.global().asyncAfter(deadline: deadline) { [weak self, weak task] in
            guard let self, let task else { return }
            let now = DispatchTime.now()
            let outcome = transfers.withLock { transfers -> (expired: Transfer?, next: DispatchTime?) in
                guard let transfer = transfers[task.taskIdentifier] else { return (nil, nil) }
                let due = transfer.lastActivity + idleTimeout + Self.watchdogGrace
                guard due <= now else { return (nil, due) }
                transfers.removeValue(forKey: task.taskIdentifier)
                return (transfer, nil)
            }
            if let expired = outcome.expired {
                task.cancel()
                expired.completion(.failure(URLError(.timedOut)))
            } else if let next = outcome.next {
                schedule(task, idleTimeout: idleTimeout, at: next)
            }
        }
    }

    /// Completes a task that was registered but never resumed.
    func discard(_ task: URLSessionTask, with error: any Error) {
        let transfer = transfers.withLock { $0.removeValue(forKey: task.taskIdentifier) }
        transfer?.completion(.failure(error))
    }

    func urlSession(
        _ session: URLSession,
        dataTask: URLSessionDataTask,
        didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        transfers.withLock { transfers in
            transfers[dataTask.taskIdentifier]?.response = response as? HTTPURLResponse
            transfers[dataTask.taskIdentifier]?.data = Data()
            transfers[dataTask.taskIdentifier]?.lastActivity = .now()
        }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        transfers.withLock { transfers in
            transfers[dataTask.taskIdentifier]?.data.append(data)
            transfers[dataTask.taskIdentifier]?.lastActivity = .now()
        }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let transfer = transfers.withLock({ $0.removeValue(forKey: task.taskIdentifier) }) else { return }
        if let challenged = transfer.challengeResponse {
            transfer.completion(.success((Data(), challenged)))
        } else if let error {
            transfer.completion(.failure(error))
        } else if let response = transfer.response ?? task.response as? HTTPURLResponse {
            transfer.completion(.success((transfer.data, response)))
        } else {
            transfer.completion(.failure(URLError(.badServerResponse)))
        }
    }

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
            // hand the 401 back. Credentials travel in headers the caller sets.
            let failure = challenge.failureResponse as? HTTPURLResponse ?? Self.unauthorized(for: task)
            transfers.withLock { $0[task.taskIdentifier]?.challengeResponse = failure }
            completionHandler(.cancelAuthenticationChallenge, nil)
        default:
            completionHandler(.performDefaultHandling, nil)
        }
        #else
        completionHandler(.performDefaultHandling, nil)
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
        transfers.withLock { $0[task.taskIdentifier]?.lastActivity = .now() }
        completionHandler(RedirectPolicy.follow(from: task.currentRequest ?? task.originalRequest, to: request))
    }
}
