import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The default transport: a `URLSession` driven through its delegate.
///
/// Driving tasks from the delegate, rather than with completion handlers or `data(for:)`, lets
/// the transport answer authentication challenges itself, follow its ``RedirectPolicy``, cap
/// response sizes and report transfer progress. On Linux a `401` carrying
/// `WWW-Authenticate: Basic realm=…` otherwise never completes; here it comes back as a 401
/// response (with an empty body, which Foundation discards).
///
/// On Linux the delegate's callbacks run on the session's own network thread, as Foundation runs the
/// completion of its `async` methods: a body is never read faster than it is handled, so a download's
/// memory stays flat, and a response costs no extra thread hops.
public final class URLSessionTransport: TransferTransport {
    /// The default for ``maximumResponseSize``: 100 MB.
    public static let defaultMaximumResponseSize = 100 * 1024 * 1024

    /// The session that carries the requests. It is invalidated when the transport is released.
    ///
    /// On Linux its configuration is a copy of the one the transport was given, with no `URLCache` and an
    /// `httpCookieAcceptPolicy` of `.never`: the transport stores the cookies responses set itself, in the
    /// given configuration's cookie storage and under its accept policy.
    public let session: URLSession
    /// Whether redirects are followed.
    public let redirectPolicy: RedirectPolicy
    /// The largest body, in bytes, the transport keeps in memory; `nil` for no limit.
    ///
    /// A larger body fails with ``NetworkError/responseTooLarge(limit:)``: at once when the
    /// `Content-Length` says so, otherwise as soon as the bytes that arrived pass the limit. Bodies a
    /// download writes to disk are not limited.
    public let maximumResponseSize: Int?
    /// How many redirects that keep the method (and so the body) the transport re-sends itself
    /// before it fails with `URLError(.httpTooManyRedirects)`.
    public let maximumResentRedirects: Int
    private let delegate: SessionDelegate

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
    ///   - maximumResponseSize: The largest body kept in memory. Defaults to 100 MB.
    ///   - maximumResentRedirects: The hop limit for redirects re-sent with their body. Defaults to 10.
    public init(
        configuration: URLSessionConfiguration = .ephemeral,
        redirectPolicy: RedirectPolicy = .follow,
        maximumResponseSize: Int? = URLSessionTransport.defaultMaximumResponseSize,
        maximumResentRedirects: Int = 10
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
        let delegate = SessionDelegate(cookies: cookies)
        self.delegate = delegate
        self.redirectPolicy = redirectPolicy
        self.maximumResponseSize = maximumResponseSize
        self.maximumResentRedirects = max(0, maximumResentRedirects)
        self.session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: queue)
    }

    deinit {
        session.finishTasksAndInvalidate()
    }

    /// What an exchange ends with: the final response, or why there is none.
    typealias ExchangeCompletion = @Sendable (Result<(Data, HTTPURLResponse), any Error>) -> Void

    /// Sends `request`; cancelling the calling task cancels the HTTP request.
    public func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        try await exchange(request, body: nil, options: options(resendsBody: request.hasResendableBody))
    }

    /// Sends `request` with `body`, reporting the bytes sent; see ``TransferTransport``.
    public func upload(
        _ request: URLRequest,
        from body: UploadBody,
        progress: TransferProgressHandler?
    ) async throws -> (Data, HTTPURLResponse) {
        var head = request
        head.httpBody = nil
        head.httpBodyStream = nil
        var options = options(resendsBody: true)
        let reporter = progress.map(ProgressReporter.init)
        options.uploadProgress = reporter
        switch body {
        case .data(let data):
            let result = try await exchange(head, body: .data(data), options: options)
            reporter?.report(completed: Int64(data.count), total: Int64(data.count))
            return result
        case .file(let fileURL):
            guard fileURL.isFileURL, FileManager.default.isReadableFile(atPath: fileURL.path) else {
                throw RequestBuildError.encodingFailed(reason: "cannot read \(fileURL.path)")
            }
            return try await exchange(head, fromFile: fileURL, options: options, reporter: reporter)
        case .multipart(let form):
            head.setValue(form.contentType, forHTTPHeaderField: "Content-Type")
            let bodyFile = FileManager.default.temporaryDirectory
                .appendingPathComponent("NetworkLayer-\(UUID().uuidString).multipart")
            defer { try? FileManager.default.removeItem(at: bodyFile) }
            try form.write(to: bodyFile)
            return try await exchange(head, fromFile: bodyFile, options: options, reporter: reporter)
        }
    }

    /// Uploads `fileURL`, then reports its whole size as sent, in case the last progress callback was skipped.
    private func exchange(
        _ request: URLRequest,
        fromFile fileURL: URL,
        options: TransferOptions,
        reporter: ProgressReporter?
    ) async throws -> (Data, HTTPURLResponse) {
        let result = try await exchange(request, body: .file(fileURL), options: options)
        let size = (try? FileManager.default.attributesOfItem(atPath: fileURL.path)[.size] as? NSNumber)?.int64Value
        if let size { reporter?.report(completed: size, total: size) }
        return result
    }

    /// Sends `request` and moves a `2xx` body to `destination`; see ``TransferTransport``.
    public func download(
        _ request: URLRequest,
        to destination: URL,
        progress: TransferProgressHandler?
    ) async throws -> (Data, HTTPURLResponse) {
        var options = options(resendsBody: request.hasResendableBody)
        options.destination = destination
        options.downloadProgress = progress.map(ProgressReporter.init)
        return try await exchange(request, body: nil, options: options)
    }

    private func options(resendsBody: Bool) -> TransferOptions {
        TransferOptions(
            redirectPolicy: redirectPolicy, maximumResponseSize: maximumResponseSize, resendsBody: resendsBody)
    }

    /// Sends `request`, and again to each redirect that keeps the method, up to the hop limit;
    /// cancelling the calling task cancels it.
    private func exchange(
        _ request: URLRequest,
        body: TaskBody?,
        options: TransferOptions
    ) async throws -> (Data, HTTPURLResponse) {
        let handle = ExchangeHandle()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                exchange(request, body: body, options: options, handle: handle) { continuation.resume(with: $0) }
            }
        } onCancel: {
            handle.cancel()
        }
    }

    /// Sends `request` like ``send(_:)``, but cancelled through `handle` rather than by the calling task,
    /// and calls `completion` exactly once, usually on the session's own thread: it must not wait for the
    /// session (see ``InlineDelegateQueue``).
    ///
    /// This lets the router send a request from the caller's task, without a task of its own.
    func send(_ request: URLRequest, handle: ExchangeHandle, completion: @escaping ExchangeCompletion) {
        exchange(
            request, body: nil, options: options(resendsBody: request.hasResendableBody), handle: handle,
            completion: completion)
    }

    private func exchange(
        _ request: URLRequest,
        body: TaskBody?,
        options: TransferOptions,
        handle: ExchangeHandle,
        completion: @escaping ExchangeCompletion
    ) {
        var options = options
        options.origin = request.url
        run(request, body: body, options: options, handle: handle, resent: 0, completion: completion)
    }

    /// Runs one task of an exchange that has already re-sent `resent` redirects.
    private func run(
        _ request: URLRequest,
        body: TaskBody?,
        options: TransferOptions,
        handle: ExchangeHandle,
        resent: Int,
        completion: @escaping ExchangeCompletion
    ) {
        let task = makeTask(request, body: body)
        delegate.register(task, options: options, idleTimeout: request.timeoutInterval) { [self] outcome in
            switch outcome {
            case .success(.completed(let data, let response)):
                completion(.success((data, response)))
            case .success(.redirected(let next)):
                guard resent < maximumResentRedirects else {
                    completion(.failure(URLError(.httpTooManyRedirects)))
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

    private func makeTask(_ request: URLRequest, body: TaskBody?) -> URLSessionTask {
        switch body {
        case nil: session.dataTask(with: request)
        case .data(let data): session.uploadTask(with: request, from: data)
        case .file(let fileURL): session.uploadTask(with: request, fromFile: fileURL)
        }
    }

    /// A body sent with an upload task, so it goes out with a `Content-Length` and reports progress.
    private enum TaskBody {
        case data(Data)
        case file(URL)
    }
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
    /// no `URLCache`, and no cookie parsing by Foundation, which the transport does itself once per response
    /// (see ``ResponseCookies``).
    fileprivate func forLinuxTransport() -> URLSessionConfiguration {
        let copy = self.copy() as? URLSessionConfiguration ?? self
        copy.urlCache = nil
        copy.httpCookieAcceptPolicy = .never
        return copy
    }
}
#endif
