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
    }

    private let transfers = Locked<[Int: Transfer]>([:])

    func register(_ task: URLSessionTask, completion: @escaping Completion) {
        transfers.withLock { $0[task.taskIdentifier] = Transfer(completion: completion) }
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
        }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        transfers.withLock { $0[dataTask.taskIdentifier]?.data.append(data) }
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
        switch challenge.protectionSpace.authenticationMethod {
        case NSURLAuthenticationMethodHTTPBasic, NSURLAuthenticationMethodHTTPDigest,
            NSURLAuthenticationMethodNTLM, NSURLAuthenticationMethodNegotiate:
            // Credentials travel in headers set by the caller; a challenge means they were missing
            // or wrong, so hand the 401 back instead of waiting for a credential that never comes.
            let failure = challenge.failureResponse as? HTTPURLResponse
            transfers.withLock { $0[task.taskIdentifier]?.challengeResponse = failure }
            completionHandler(failure == nil ? .performDefaultHandling : .cancelAuthenticationChallenge, nil)
        default:
            completionHandler(.performDefaultHandling, nil)
        }
    }

    func urlSession(
        _ session: URLSession,
        task: URLSessionTask,
        willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest,
        completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(RedirectPolicy.follow(from: task.currentRequest ?? task.originalRequest, to: request))
    }
}
