#if !canImport(FoundationNetworking)
import Foundation

/// A WebSocket over `URLSessionWebSocketTask`, on Apple platforms, in a session of its own.
///
/// Foundation answers pings, negotiates compression as it sees fit and enforces the maximum message size; this
/// type sends the pings of ``WebSocketOptions/pingInterval`` and fails the socket when a pong is late.
final class FoundationWebSocket: WebSocketConnection {
    private let session: URLSession
    private let task: URLSessionWebSocketTask
    private let delegate: FoundationWebSocketDelegate
    private let request: URLRequest
    /// Why the socket failed on this side: a late pong.
    private let failure = Locked<NetworkError?>(nil)
    /// The close the router sent.
    private let sentClose = Locked<WebSocketClose?>(nil)
    private let pings = Locked<Task<Void, Never>?>(nil)

    private init(session: URLSession, task: URLSessionWebSocketTask, delegate: FoundationWebSocketDelegate) {
        self.session = session
        self.task = task
        self.delegate = delegate
        self.request = task.originalRequest ?? URLRequest(url: URL(fileURLWithPath: "/"))
    }

    /// Sends the handshake of `request` and returns the open socket, or the server's refusal.
    static func open(
        _ request: TransportRequest,
        options: WebSocketOptions,
        configuration: URLSessionConfiguration,
        redirectPolicy: RedirectPolicy
    ) async throws -> WebSocketUpgrade {
        var head = request.head
        if !options.subprotocols.isEmpty {
            head.setValue(options.subprotocols.joined(separator: ", "), forHTTPHeaderField: "Sec-WebSocket-Protocol")
        }
        let delegate = FoundationWebSocketDelegate(request: request, redirectPolicy: redirectPolicy)
        let session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
        let task = session.webSocketTask(with: head)
        task.maximumMessageSize = options.maximumMessageSize
        do {
            try await delegate.open(task)
        } catch {
            session.invalidateAndCancel()
            if let failure = delegate.pinningFailure { throw failure.naming(request.head) }
            if let response = task.response as? HTTPURLResponse, response.statusCode != 101 {
                return .refused(TransportResponse(head: ResponseHead(response), body: ResponseBody(Data())))
            }
            throw NetworkError(error, sending: request.head)
        }
        let socket = FoundationWebSocket(session: session, task: task, delegate: delegate)
        if let interval = options.pingInterval, interval > 0, interval.isFinite {
            socket.startPinging(every: interval, pongTimeout: options.pongTimeout)
        }
        return .connected(socket, head: (task.response as? HTTPURLResponse).map { ResponseHead($0) })
    }

    var subprotocol: String? { delegate.subprotocol }

    func send(_ message: WebSocketMessage) async throws {
        let frame: URLSessionWebSocketTask.Message =
            switch message {
            case .text(let text): .string(text)
            case .binary(let data): .data(data)
            }
        let task = task
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            task.send(frame) { error in
                if let error { continuation.resume(throwing: error) } else { continuation.resume() }
            }
        }
    }

    func receive() async throws -> WebSocketMessage? {
        let task = task
        do {
            let frame = try await withCheckedThrowingContinuation {
                (continuation: CheckedContinuation<URLSessionWebSocketTask.Message, any Error>) in
                task.receive { continuation.resume(with: $0) }
            }
            switch frame {
            case .string(let text): return .text(text)
            case .data(let data): return .binary(data)
            @unknown default: throw NetworkError(.protocolViolation, detail: "a message of an unknown type")
            }
        } catch {
            if let failure = failure.withLock({ $0 }) { throw failure.naming(request) }
            if await closeInfo != nil, sentClose.withLock({ $0 }) != nil || task.closeCode != .invalid { return nil }
            let code = (error as NSError).domain == NSPOSIXErrorDomain ? (error as NSError).code : 0
            if code == Int(EMSGSIZE) {
                throw NetworkError(.messageTooLarge, detail: "over the endpoint's maximumMessageSize")
                    .naming(request)
            }
            throw NetworkError(.connectionLost, underlyingError: error).naming(request)
        }
    }

    func close(code: WebSocketCloseCode, reason: String) async {
        let first = sentClose.withLock { sent in
            defer { if sent == nil { sent = WebSocketClose(code: code, reason: reason) } }
            return sent == nil
        }
        guard first else { return }
        pings.withLock { $0 }?.cancel()
        let closeCode = URLSessionWebSocketTask.CloseCode(rawValue: Int(code.rawValue)) ?? .normalClosure
        task.cancel(with: closeCode, reason: Data(reason.utf8))
        session.finishTasksAndInvalidate()
    }

    var closeInfo: WebSocketClose? {
        get async {
            if let received = delegate.close { return received }
            if let sent = sentClose.withLock({ $0 }) { return sent }
            if task.closeCode != .invalid {
                let reason = task.closeReason.map { String(decoding: $0, as: UTF8.self) } ?? ""
                return WebSocketClose(
                    code: WebSocketCloseCode(rawValue: UInt16(clamping: task.closeCode.rawValue)), reason: reason)
            }
            return task.state == .completed ? WebSocketClose(code: .abnormalClosure) : nil
        }
    }

    /// Sends a ping every `interval` seconds; a pong that takes longer than `pongTimeout` fails the socket.
    private func startPinging(every interval: TimeInterval, pongTimeout: TimeInterval) {
        let pinging = Task { [weak self] in
            while !Task.isCancelled {
                try? await Task.sleep(nanoseconds: Deadline.nanoseconds(interval))
                guard !Task.isCancelled, let self else { return }
                guard await self.ping(within: pongTimeout) else {
                    let late = NetworkError(.pongTimeout, detail: "no pong within \(pongTimeout) s")
                    self.failure.withLock { $0 = late }
                    self.task.cancel(with: .goingAway, reason: nil)
                    return
                }
            }
        }
        pings.withLock { $0 = pinging }
    }

    /// Whether a ping gets its pong within `timeout` seconds.
    private func ping(within timeout: TimeInterval) async -> Bool {
        let answer = Locked<CheckedContinuation<Bool, Never>?>(nil)
        let task = task
        return await withCheckedContinuation { continuation in
            answer.withLock { $0 = continuation }
            task.sendPing { error in
                answer.withLock { pending in
                    defer { pending = nil }
                    return pending
                }?.resume(returning: error == nil)
            }
            Task {
                try? await Task.sleep(nanoseconds: Deadline.nanoseconds(timeout))
                answer.withLock { pending in
                    defer { pending = nil }
                    return pending
                }?.resume(returning: false)
            }
        }
    }
}
#endif
