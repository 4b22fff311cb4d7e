import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The default transport: a `URLSession` driven through its delegate.
///
/// Driving tasks from the delegate, rather than with completion handlers or `data(for:)`, lets
/// the transport stream bodies on Linux as on Apple platforms, answer authentication challenges
/// itself, follow its ``RedirectPolicy`` and report upload progress. It declines `Basic` and `Digest`
/// challenges, so that the 401 reaches the router, which answers it when
/// ``RouterConfiguration/challengeCredentials`` says how. On Linux a `401` carrying
/// `WWW-Authenticate: Basic realm=…` otherwise never completes; here it comes back as a 401
/// response (with an empty body, which Foundation discards).
///
/// On Linux the delegate's callbacks run on the session's own network thread, as Foundation runs the
/// completion of its `async` methods: a body collected in memory or written to a file is handled as it
/// arrives, so a download's memory stays flat, and a response costs no extra thread hops.
public final class URLSessionTransport: HTTPTransport {
    /// The session that carries the requests. It is invalidated when the transport is released.
    ///
    /// On Linux its configuration is a copy of the one the transport was given, with no `URLCache` and an
    /// `httpCookieAcceptPolicy` of `.never`: the transport stores the cookies responses set itself, in the
    /// given configuration's cookie storage and under its accept policy.
    let session: URLSession
    /// Whether redirects are followed.
    let redirectPolicy: RedirectPolicy
    /// How many redirects that keep the method (and so the body) the transport re-sends itself
    /// before it fails with ``NetworkError/Kind/tooManyRedirects``.
    let maximumResentRedirects: Int
    private let delegate: SessionDelegate

    /// Foundation decodes these itself, on Linux (through libcurl) as on Apple platforms.
    @_spi(Transport) public var decodedContentCodings: [String] { ["br", "gzip", "deflate"] }

    #if !canImport(FoundationNetworking)
    /// None: the session's delegate checks the pins of every certificate chain it is asked to trust. On Linux,
    /// whose Foundation asks no delegate about server trust, the transport cannot check pins.
    @_spi(Transport) public func pinningLimitation(for pins: [CertificatePin]) -> String? { nil }
    #endif

    /// Creates a transport with its own session.
    ///
    /// - Parameters:
    ///   - configuration: The session configuration. Defaults to `.ephemeral`: cookies and caches
    ///     live in memory only, so nothing is written to the user's home directory. On Linux the
    ///     transport's session never has a `URLCache`, whatever the configuration says: Foundation there
    ///     looks a request up in the cache on a background queue, and a request cancelled during that
    ///     look-up can crash the process when it completes (`TaskRegistry.swift`, "Trying to access a
    ///     behaviour for a task that in not in the registry"). On Linux the transport also stores the
    ///     cookies responses set itself, once per response, in the configuration's cookie storage and
    ///     under its accept policy, so its session's own `httpCookieAcceptPolicy` reads `.never`; Foundation
    ///     still sends the stored cookies.
    ///   - redirectPolicy: Whether redirects are followed. Defaults to ``RedirectPolicy/follow``.
    ///   - maximumResentRedirects: The hop limit for redirects re-sent with their body. Defaults to 10.
    ///   - streamWindow: How many bytes of a streamed body (``Router/stream(_:)``) may wait in memory for
    ///     a consumer that reads slower than they arrive. Foundation cannot pause a transfer on Linux, so
    ///     the bytes past the window wait in a temporary file, removed when the body ends or is stopped.
    ///     Defaults to 4 MB.
    public init(
        configuration: URLSessionConfiguration = .ephemeral,
        redirectPolicy: RedirectPolicy = .follow,
        maximumResentRedirects: Int = 10,
        streamWindow: Int = 4 * 1024 * 1024
    ) {
        #if canImport(FoundationNetworking)
        let cookies = ResponseCookies(configuration: configuration)
        let configuration = configuration.forLinuxTransport()
        let queue = InlineDelegateQueue()
        #else
        let cookies: ResponseCookies? = nil
        let queue = OperationQueue()
        // Serial, so each task's response, data and completion callbacks arrive in order.
        queue.maxConcurrentOperationCount = 1
        #endif
        queue.name = "NetworkLayer.URLSessionTransport"
        let delegate = SessionDelegate(cookies: cookies, streamWindow: streamWindow)
        self.delegate = delegate
        self.redirectPolicy = redirectPolicy
        self.maximumResentRedirects = max(0, maximumResentRedirects)
        self.session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: queue)
    }

    deinit {
        session.finishTasksAndInvalidate()
    }

    /// Sends `request` and returns once the head has arrived; the body streams in as the session receives it.
    ///
    /// The body comes from memory, a file, or a stream written to a temporary file first.
    @_spi(Transport) public func send(_ request: TransportRequest) async throws -> TransportResponse {
        let upload = try await UploadSource(request)
        defer { upload.cleanUp() }
        let options = TransferOptions(
            origin: request.head.url,
            redirectPolicy: redirectPolicy,
            credentialHeaders: request.credentialHeaders,
            forwardedHeaders: request.headersForwardedAcrossOrigins,
            resendsBody: upload.taskBody != nil || request.head.hasResendableBody,
            uploadProgress: request.uploadProgress.map(ProgressReporter.init),
            isHEAD: request.head.httpMethod == "HEAD",
            keepsWholeBody: request.keepsWholeBody,
            maximumResponseSize: request.maximumResponseSize,
            certificatePinning: request.certificatePinning)
        switch try await exchange(request.head, body: upload.taskBody, options: options) {
        case .whole(let data, let head):
            return TransportResponse(head: head, body: ResponseBody(data))
        case .streaming(let response):
            return response
        }
    }

    /// Sends `request`, and again to each redirect that keeps the method, up to the hop limit;
    /// cancelling the calling task cancels it.
    private func exchange(
        _ request: URLRequest,
        body: TaskBody?,
        options: TransferOptions
    ) async throws -> ExchangeResult {
        let handle = ExchangeHandle()
        // The outcome goes through a lock as well as the continuation: a continuation resumed before its task
        // awaits it shows Thread Sanitizer no order between the session's thread and the task's.
        let outcome = Locked<Result<ExchangeResult, any Error>>(.failure(CancellationError()))
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                run(request, body: body, options: options, handle: handle, resent: 0) { result in
                    outcome.withLock { $0 = result }
                    continuation.resume()
                }
            }
        } onCancel: {
            handle.cancel()
        }
        return try outcome.withLock { $0 }.get()
    }

    /// Runs one task of an exchange that has already re-sent `resent` redirects, and calls `completion`
    /// exactly once, usually on the session's own thread.
    private func run(
        _ request: URLRequest,
        body: TaskBody?,
        options: TransferOptions,
        handle: ExchangeHandle,
        resent: Int,
        completion: @escaping @Sendable (Result<ExchangeResult, any Error>) -> Void
    ) {
        var request = request
        request.timeoutInterval = Self.sessionTimeout(request.timeoutInterval)
        let task = makeTask(request, body: body)
        delegate.register(task, options: options, idleTimeout: request.timeoutInterval) { [self] outcome in
            switch outcome {
            case .success(.completed(let data, let head)):
                completion(.success(.whole(data, head)))
            case .success(.streaming(let response)):
                completion(.success(.streaming(response)))
            case .success(.redirected(let next)):
                guard resent < maximumResentRedirects else {
                    completion(.failure(NetworkError(.tooManyRedirects, detail: "more than \(resent) re-sent")))
                    return
                }
                // Off the session's thread, which creating and resuming a task waits for.
                DispatchQueue.global().async { [self] in
                    run(next, body: body, options: options, handle: handle, resent: resent + 1, completion: completion)
                }
            case .failure(let error):
                completion(.failure(error))
            }
        }
        guard handle.begin(cancellingWith: { [delegate] in delegate.cancel(task) }) else {
            delegate.discard(task, with: CancellationError())
            // Completes the never-resumed task, so the session does not wait for it on invalidation.
            delegate.cancel(task)
            return
        }
        task.resume()
    }

    /// `seconds` as Foundation can apply it (see `TransportTimeout`): bounded, and on Linux, which truncates
    /// to whole seconds, rounded up to them, so that 0.5 s does not fail at once.
    static func sessionTimeout(_ seconds: TimeInterval) -> TimeInterval {
        #if canImport(FoundationNetworking)
        return TransportTimeout.bounded(seconds).rounded(.up)
        #else
        return TransportTimeout.bounded(seconds)
        #endif
    }

    private func makeTask(_ request: URLRequest, body: TaskBody?) -> URLSessionTask {
        switch body {
        case nil: session.dataTask(with: request)
        case .data(let data): session.uploadTask(with: request, from: data)
        case .file(let fileURL): session.uploadTask(with: request, fromFile: fileURL)
        }
    }

    /// What an exchange ends with: a body gathered whole, or a head whose body is still arriving.
    private enum ExchangeResult: Sendable {
        case whole(Data, ResponseHead)
        case streaming(TransportResponse)
    }
}

/// A body sent with an upload task, so it goes out with a `Content-Length` and reports progress.
enum TaskBody: Sendable {
    case data(Data)
    case file(URL)
}

extension URLRequest {
    /// Whether the request carries a body in memory, which the transport can send again after a redirect.
    fileprivate var hasResendableBody: Bool {
        httpBody.map { !$0.isEmpty } ?? false
    }
}

#if canImport(FoundationNetworking)
extension URLSessionConfiguration {
    /// A copy of the configuration for the transport's session on Linux, leaving the caller's own as it is:
    /// no `URLCache`, no cookie parsing by Foundation, which the transport does itself once per response
    /// (see ``ResponseCookies``), and a request timeout within `TransportTimeout.maximum`.
    fileprivate func forLinuxTransport() -> URLSessionConfiguration {
        let copy = self.copy() as? URLSessionConfiguration ?? self
        copy.urlCache = nil
        copy.httpCookieAcceptPolicy = .never
        // Foundation converts this one to milliseconds before it reads the request's own, trapping on an
        // infinite value.
        copy.timeoutIntervalForRequest = TransportTimeout.bounded(copy.timeoutIntervalForRequest)
        return copy
    }
}
#endif
