import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Drives every task of a ``URLSessionTransport``: streams each body to its consumer, reports upload
/// progress, applies the redirect policy, and completes each task exactly once.
final class SessionDelegate: NSObject, URLSessionDataDelegate {
    /// How long past its own timeout an idle task may stay before ``watch(_:idleTimeout:)`` ends it,
    /// so that Foundation's timeout, when it works, always wins.
    static let watchdogGrace: TimeInterval = 1

    let transfers = Locked<[Int: SessionTransfer]>([:])
    /// Runs the calls that wait for the session's work thread, where the callbacks run (see
    /// ``InlineDelegateQueue``): cancelling a task and answering a challenge. Serial, so that a burst of
    /// cancellations holds one thread, not one each.
    let deferredCalls = DispatchQueue(label: "NetworkLayer.SessionDelegate.deferredCalls")
    /// Whether a watchdog sweep is pending.
    let sweepScheduled = Locked(false)
    /// Stores the cookies of each response, when the transport does so in Foundation's place.
    let cookies: ResponseCookies?
    /// How many bytes of a streamed body wait in memory for its consumer; the rest wait on disk.
    let streamWindow: Int

    init(cookies: ResponseCookies?, streamWindow: Int) {
        self.cookies = cookies
        self.streamWindow = streamWindow
    }

    /// Takes charge of `task` before it is resumed; the watchdog ends it once it has sent or received
    /// nothing for `idleTimeout` (see ``Watchdog``).
    func register(
        _ task: URLSessionTask,
        options: TransferOptions,
        idleTimeout: TimeInterval,
        completion: @escaping SessionTransfer.Completion
    ) {
        var transfer = SessionTransfer(options: options, completion: completion)
        transfer.watchdog = Watchdog(task: task, idleTimeout: idleTimeout)
        transfers.withLock { $0[task.taskIdentifier] = transfer }
        if transfer.watchdog != nil { scheduleSweep() }
    }

    /// Completes a task that was registered but never resumed.
    func discard(_ task: URLSessionTask, with error: any Error) {
        let transfer = transfers.withLock { $0.removeValue(forKey: task.taskIdentifier) }
        transfer?.end(with: error)
    }

    /// Stops `task` early with `error`, which its completion reports instead of the cancellation.
    func fail(_ task: URLSessionTask, with error: any Error) {
        transfers.withLock { transfers in
            transfers.modifyValue(forKey: task.taskIdentifier) { transfer in
                guard transfer.failure == nil else { return }
                transfer.failure = error
                transfer.body = Data()
            }
        }
        cancel(task)
    }

    /// Cancels `task` on ``deferredCalls``, so that it may be called from the session's own thread.
    func cancel(_ task: URLSessionTask) {
        deferredCalls.async { task.cancel() }
    }

    func urlSession(
        _ session: URLSession,
        dataTask: URLSessionDataTask,
        didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        enum Next {
            case none
            case fail(any Error)
            case stream(TransportResponse, SessionTransfer.Completion)
        }
        let next = transfers.withLock { transfers -> Next in
            transfers.modifyValue(forKey: dataTask.taskIdentifier) { transfer -> Next in
                // A refused redirect's head is not the response either; the task is being cancelled.
                guard transfer.failure == nil else { return .none }
                let http = response as? HTTPURLResponse
                transfer.response = http
                transfer.head = http.map { ResponseHead($0) }
                transfer.body = Data()
                transfer.receivedBytes = 0
                transfer.lastActivity = .now()
                guard let head = transfer.head else { return .none }
                // A redirect's head is not the response; the transport re-sends it instead.
                guard transfer.redirect == nil else { return .none }
                if let error = head.framingError { return .fail(error) }
                // A body kept whole goes out with its head once complete (see `urlSession(_:dataTask:didReceive:)`),
                // unless its announced length is over the limit already.
                if transfer.options.keepsWholeBody {
                    guard head.mayHaveBody(answeringHEAD: transfer.options.isHEAD),
                        let length = head.expectedContentLength
                    else { return .none }
                    return ResponseBody.sizeError(bytes: length, limit: transfer.options.maximumResponseSize)
                        .map(Next.fail) ?? .none
                }
                let (body, writer) = ResponseBody.makeStream(window: streamWindow, spillsPastWindow: true) {
                    [weak self] in self?.cancel(dataTask)
                }
                transfer.writer = writer
                return .stream(TransportResponse(head: head, body: body), transfer.completion)
            } ?? .none
        }
        if let http = response as? HTTPURLResponse { cookies?.store(from: http) }
        // Linux ignores the disposition, so a body that must not arrive is stopped by cancelling.
        completionHandler(.allow)
        switch next {
        case .none: break
        case .fail(let error): fail(dataTask, with: error)
        case .stream(let response, let completion): completion(.success(.streaming(response)))
        }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        enum Next {
            case none
            case write(ResponseBodyWriter)
            case fail(any Error)
        }
        let next = transfers.withLock { transfers -> Next in
            transfers.modifyValue(forKey: dataTask.taskIdentifier) { transfer -> Next in
                guard transfer.failure == nil else { return .none }
                transfer.lastActivity = .now()
                transfer.receivedBytes += Int64(data.count)
                if let writer = transfer.writer { return .write(writer) }
                // Only a body kept whole is gathered here; a redirect's or a declined challenge's is dropped.
                guard transfer.options.keepsWholeBody, transfer.head != nil, transfer.redirect == nil else {
                    return .none
                }
                let total = Int64(transfer.body.count + data.count)
                if let error = ResponseBody.sizeError(bytes: total, limit: transfer.options.maximumResponseSize) {
                    return .fail(error)
                }
                transfer.gather(data)
                return .none
            } ?? .none
        }
        switch next {
        case .none: break
        case .write(let writer): writer.write(data)
        case .fail(let error): fail(dataTask, with: error)
        }
    }

    func urlSession(
        _ session: URLSession,
        task: URLSessionTask,
        didSendBodyData bytesSent: Int64,
        totalBytesSent: Int64,
        totalBytesExpectedToSend: Int64
    ) {
        let progress = transfers.withLock { transfers -> ProgressReporter? in
            transfers[task.taskIdentifier]?.lastActivity = .now()
            return transfers[task.taskIdentifier]?.options.uploadProgress
        }
        progress?.report(
            completed: totalBytesSent, total: totalBytesExpectedToSend >= 0 ? totalBytesExpectedToSend : nil)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let transfer = transfers.withLock({ $0.removeValue(forKey: task.taskIdentifier) }) else { return }
        if let writer = transfer.writer {
            // A declined challenge ends the task with a cancellation, after its 401 head went out.
            let error = transfer.challengeResponse == nil ? error : nil
            if let failure = transfer.failure ?? error.map({ ConnectionLoss.normalized($0, after: transfer) })
                ?? Self.framingError(of: transfer)
            {
                transfer.end(with: failure)
            } else {
                writer.finish()
            }
            return
        }
        switch Self.outcome(of: transfer, task: task, error: error) {
        case .success(let outcome): transfer.completion(.success(outcome))
        case .failure(let failure): transfer.end(with: failure)
        }
    }

    /// How a finished task whose head was not handed over ended.
    private static func outcome(
        of transfer: SessionTransfer,
        task: URLSessionTask,
        error: (any Error)?
    ) -> Result<TransferOutcome, any Error> {
        if let challenged = transfer.challengeResponse { return .success(.completed(Data(), ResponseHead(challenged))) }
        if let failure = transfer.failure { return .failure(failure) }
        if let redirect = transfer.redirect, error == nil { return .success(.redirected(redirect)) }
        if let error { return .failure(ConnectionLoss.normalized(error, after: transfer)) }
        guard let response = transfer.response ?? task.response as? HTTPURLResponse else {
            return .failure(NetworkError(.badResponse, detail: "no HTTP response"))
        }
        if let error = framingError(of: transfer) { return .failure(error) }
        return .success(.completed(transfer.body, transfer.head ?? ResponseHead(response)))
    }

    /// The error of a body that arrived whole but contradicts its head (see
    /// `ResponseHead.framingError(delivered:after:)`); never for the 401 of a declined challenge, whose body
    /// Foundation drops.
    private static func framingError(of transfer: SessionTransfer) -> NetworkError? {
        guard transfer.challengeResponse == nil, let head = transfer.head else { return nil }
        return head.framingError(delivered: transfer.receivedBytes, answeringHEAD: transfer.options.isHEAD)
    }
}
