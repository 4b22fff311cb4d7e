import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Drives every task of a ``URLSessionTransport``: collects or writes each body, enforces the size
/// limit, reports progress, applies the redirect policy, and completes each task exactly once.
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

    init(cookies: ResponseCookies?) {
        self.cookies = cookies
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
        transfer?.file?.discard()
        transfer?.completion(.failure(error))
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
        let failure = transfers.withLock { transfers -> (any Error)? in
            transfers.modifyValue(forKey: dataTask.taskIdentifier) { transfer -> (any Error)? in
                let http = response as? HTTPURLResponse
                transfer.response = http
                transfer.body = Data()
                transfer.receivedBytes = 0
                transfer.lastActivity = .now()
                if transfer.options.destination != nil {
                    // Looked up once per response: reading a header on every chunk is costly on Linux.
                    transfer.progressTotal = http.flatMap(SessionTransfer.progressTotal(of:))
                }
                if transfer.options.destination != nil, http?.isSuccessful == true {
                    do {
                        transfer.file = try transfer.file ?? DownloadFile()
                    } catch {
                        return error
                    }
                } else if let limit = transfer.options.maximumResponseSize,
                    let length = SessionTransfer.expectedLength(of: response), length > limit
                {
                    return NetworkError.responseTooLarge(limit: limit)
                }
                return nil
            } ?? nil
        }
        if let http = response as? HTTPURLResponse { cookies?.store(from: http) }
        // Linux ignores the disposition, so a body that must not arrive is stopped by cancelling.
        completionHandler(.allow)
        if let failure { fail(dataTask, with: failure) }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        enum Next {
            case none
            case write(DownloadFile, progress: ProgressReporter?, received: Int64, total: Int64?)
            case tooLarge(limit: Int)
        }
        let next = transfers.withLock { transfers -> Next in
            transfers.modifyValue(forKey: dataTask.taskIdentifier) { transfer -> Next in
                guard transfer.failure == nil else { return .none }
                transfer.lastActivity = .now()
                transfer.receivedBytes += Int64(data.count)
                if let file = transfer.file {
                    return .write(
                        file, progress: transfer.options.downloadProgress, received: transfer.receivedBytes,
                        total: transfer.progressTotal)
                }
                if let limit = transfer.options.maximumResponseSize, transfer.body.count + data.count > limit {
                    return .tooLarge(limit: limit)
                }
                if transfer.body.isEmpty {
                    transfer.body = Self.bodyBuffer(
                        startingWith: data,
                        expectedLength: transfer.response.flatMap(SessionTransfer.expectedLength(of:)),
                        limit: transfer.options.maximumResponseSize)
                } else {
                    transfer.body.append(data)
                }
                return .none
            } ?? .none
        }
        switch next {
        case .none:
            break
        case .write(let file, let progress, let received, let total):
            do {
                try file.write(data)
                progress?.report(completed: received, total: total)
            } catch {
                fail(dataTask, with: error)
            }
        case .tooLarge(let limit):
            fail(dataTask, with: NetworkError.responseTooLarge(limit: limit))
        }
    }

    /// Bodies announced at least this large get room for their whole `Content-Length` with their first
    /// chunk, so that the buffer does not grow by copying; smaller ones grow as they come, which costs
    /// less than reserving.
    private static let smallestBodyReservation = 256 * 1024
    /// The most memory reserved up front for a body, whatever its `Content-Length` says.
    private static let largestBodyReservation = 64 * 1024 * 1024

    /// The body buffer for a first chunk: the chunk itself, never copied, or, for a large body, room for
    /// its `expectedLength` (within the size `limit`).
    private static func bodyBuffer(startingWith data: Data, expectedLength: Int64?, limit: Int?) -> Data {
        guard let length = expectedLength, length >= smallestBodyReservation, length > data.count else { return data }
        let limit = min(limit ?? largestBodyReservation, largestBodyReservation)
        var body = Data(capacity: Int(min(length, Int64(limit))))
        body.append(data)
        return body
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
        transfer.completion(Self.outcome(of: transfer, task: task, error: error))
    }

    /// How a finished task ended; moves or removes the download file.
    private static func outcome(
        of transfer: SessionTransfer,
        task: URLSessionTask,
        error: (any Error)?
    ) -> Result<TransferOutcome, any Error> {
        let response = transfer.challengeResponse ?? transfer.response ?? task.response as? HTTPURLResponse
        guard transfer.challengeResponse == nil, transfer.failure == nil, transfer.redirect == nil, error == nil,
            let response, let destination = transfer.options.destination, response.isSuccessful
        else {
            transfer.file?.discard()
            if let challenged = transfer.challengeResponse { return .success(.completed(Data(), challenged)) }
            if let failure = transfer.failure { return .failure(failure) }
            if let redirect = transfer.redirect, error == nil { return .success(.redirected(redirect)) }
            if let error { return .failure(ConnectionLoss.normalized(error, after: transfer)) }
            guard let response else { return .failure(URLError(.badServerResponse)) }
            return .success(.completed(transfer.body, response))
        }
        do {
            if let file = transfer.file {
                try file.move(to: destination)
            } else {
                try Data().write(to: destination)
            }
        } catch {
            return .failure(error)
        }
        transfer.options.downloadProgress?.finish()
        return .success(.completed(Data(), response))
    }
}
