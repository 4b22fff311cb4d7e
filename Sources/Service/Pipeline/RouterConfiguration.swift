import Foundation

/// Settings shared by every request of a ``Router``.
public struct RouterConfiguration: Sendable {
    /// Replaces every endpoint's ``EndPointType/baseURL`` when set: one enum of endpoints can then talk
    /// to production, staging or a local server. Defaults to `nil`, which keeps each endpoint's own.
    public var baseURL: URL?
    /// The timeout for endpoints that set none, in seconds. Defaults to 60.
    ///
    /// It bounds each attempt's waiting for data, as `URLRequest.timeoutInterval` does. On Linux,
    /// Foundation truncates fractional timeouts (0.5 s fails at once), so the router rounds a timeout up
    /// to whole seconds there, with a minimum of one second. For a limit on the whole request, sub-second
    /// ones included, set ``deadline``.
    public var timeout: TimeInterval
    /// Headers sent with every request; endpoint and task headers win over them.
    public var headers: HTTPHeaders
    /// Spells query strings and form bodies (URL parameters always go to the query, whatever its
    /// destination), and `Encodable` queries as ``bodyEncoder``'s `JSONEncoder` writes them.
    public var urlEncoder: URLParameterEncoder
    /// Writes JSON bodies: dictionary parameters, and `Encodable` values with its `JSONEncoder`.
    public var bodyEncoder: JSONParameterEncoder
    /// Logs requests and responses; `nil` logs nothing.
    ///
    /// The router logs each attempt after ``plugins`` have prepared it, so the log shows the request as it
    /// goes out, credentials redacted, and then the attempt's outcome.
    public var logger: NetworkLogger?
    /// Where completion handlers run; `nil` runs them on whatever thread finished the request.
    public var completionQueue: DispatchQueue?
    /// The plugins that see and may change every attempt, called in this order. Defaults to none.
    public var plugins: [any PluginType]
    /// How failed requests are retried; `nil`, the default, never retries. Endpoints can override it with
    /// ``EndPointType/retryPolicy``.
    public var retryPolicy: RetryPolicy?
    /// Applies and refreshes credentials for endpoints that ``EndPointType/requiresAuthentication``;
    /// `nil`, the default, leaves requests as they are.
    public var authentication: AuthenticationCoordinator?
    /// Answers HTTP `Basic` and `Digest` challenges for endpoints that ``EndPointType/requiresAuthentication``:
    /// given a challenge, returns the credential to answer it with, or `nil` to leave the `401` as it is.
    /// Defaults to `nil`, which answers none.
    ///
    /// When a response is a `401` whose `WWW-Authenticate` offers `Basic` or `Digest` (MD5, SHA-256 and their
    /// `-sess` forms, `qop=auth`), from the origin the request was sent to, the router sends the request again,
    /// once, with the answer in `Authorization`; a second `401` is the request's outcome. The strongest
    /// challenge offered is asked about first: Digest with SHA-256, Digest with MD5, then Basic. The
    /// `Authorization` is a credential: redacted in logs and errors, and dropped by a redirect to another origin.
    /// See <doc:Reliability>.
    public var challengeCredentials: (@Sendable (AuthenticationChallenge) async -> HTTPCredential?)?
    /// The longest a request may take in all, in seconds: every attempt, retry, backoff and credential
    /// refresh included. When it passes, the request is cancelled and fails with ``NetworkError/Kind/timedOut``.
    ///
    /// The library enforces it itself, so fractions of a second work on every platform. Endpoints can
    /// override it with ``EndPointType/deadline``. Defaults to `nil`: no deadline beyond ``timeout``.
    public var deadline: TimeInterval?
    /// The largest response body a request keeps in memory, in bytes; `nil` for no limit. Defaults to
    /// 100 MB.
    ///
    /// A larger body fails with ``NetworkError/Kind/responseTooLarge``: at once when the
    /// `Content-Length` says so, otherwise as soon as the bytes that arrived pass the limit. Bodies a
    /// download writes to disk are not limited.
    public var maximumResponseSize: Int?
    /// The most bytes of a streamed body (``Router/stream(_:)``, ``Router/events(_:reconnection:)``) that
    /// may wait on disk for a reader slower than the network; `nil` for no limit. Defaults to
    /// 256 MB.
    ///
    /// Only a transport that cannot pause its reads keeps a backlog on disk: ``URLSessionTransport`` past its
    /// `streamWindow` in memory. A byte past the limit stops the transfer, and the reader gets
    /// ``NetworkError/Kind/responseTooLarge`` after the chunks still in memory; the file's space goes
    /// back to the system at once.
    public var maximumStreamBacklogOnDisk: Int? = RouterConfiguration.defaultMaximumStreamBacklogOnDisk
    /// Whether identical `GET` and `HEAD` requests in flight at once share one exchange, like Moya's
    /// `trackInflights`. Defaults to `false`: every call sends its own request.
    ///
    /// Attempts are shared only when the request as it goes to the transport, after every plugin and
    /// credential acted on it, is identical byte for byte: callers with different
    /// tokens or passwords never share a response. Requests with a body, uploads, downloads and streams are
    /// never shared. Plugins, retries, credential refreshes, deadlines and cancellation stay each caller's
    /// own: a caller that is cancelled, or whose deadline passes, gets its error at once without disturbing
    /// the others; the request on the wire is cancelled only when all its callers left, or by
    /// ``Router/cancel()``. Once it finished, the next identical call sends a new request.
    public var deduplicatesRequests: Bool
    /// Where responses are kept and answered from by RFC 9111's rules; `nil`, the default, keeps none.
    ///
    /// ```swift
    /// let router = Router<MovieAPI>(configuration: RouterConfiguration(cache: HTTPCache()))
    /// ```
    ///
    /// The cache sits between the pipeline and the transport, so it sees each attempt as it goes on the wire,
    /// after plugins and credentials, and works the same over every transport; each endpoint says how it uses
    /// it with ``EndPointType/cachePolicy``, and ``Response/cacheStatus`` tells where a response came from.
    /// While it is set, requests go to the transport with `URLRequest.CachePolicy.reloadIgnoringLocalCacheData`,
    /// so Foundation's `URLCache` answers none of them, and ``URLSessionTransport`` stores none of their responses
    /// in it: nothing is cached twice.
    public var cache: HTTPCache?
    /// How request bodies are compressed, for endpoints whose ``EndPointType/requestCompression`` is `nil`.
    /// Defaults to ``RequestCompression/none``: turn it on only for a server that accepts compressed bodies.
    ///
    /// Compression happens per attempt, after plugins and the logger, which see the body as it was built; a
    /// retry sends the same bytes again, and a `415` answer gets one more attempt with the body uncompressed.
    public var requestCompression: RequestCompression
    /// The hosts whose servers must present a certificate chain showing one of their pins; `nil`, the default,
    /// pins none. A request to a pinned host fails with ``NetworkError/Kind/secureConnection`` and a
    /// ``CertificatePinningError`` when the chain shows no pin, and before anything is sent when it goes over plain
    /// `http` or its transport cannot check pins (``URLSessionTransport`` on Linux). See <doc:Reliability>.
    public var certificatePinning: CertificatePinning?
    /// Waits the given number of seconds between retries and reconnections; throwing ends the request as
    /// cancelled. `Task.sleep`, which cancelling the request interrupts; the library's tests record the delays
    /// instead.
    var sleep: @Sendable (_ seconds: TimeInterval) async throws -> Void = RouterConfiguration.taskSleep
    /// The longest line of a Server-Sent Events stream (``Router/events(_:reconnection:)``), in bytes.
    /// Defaults to 1 MiB, far beyond any line a feed sends.
    ///
    /// A longer line ends the loop with ``NetworkError/Kind/responseTooLarge`` as soon as its bytes pass
    /// the limit, so a server that never ends a line holds at most this much memory.
    public var maximumServerSentEventLineLength = ServerSentEventParser.defaultMaximumLineLength
    /// The most bytes the `data:` lines of one Server-Sent Event may hold, joined. Defaults to
    /// 16 MiB; a larger event ends the loop as a longer line does.
    public var maximumServerSentEventSize = ServerSentEventParser.defaultMaximumEventSize

    /// Creates a configuration.
    public init(
        baseURL: URL? = nil,
        timeout: TimeInterval = 60,
        headers: HTTPHeaders = [:],
        urlEncoder: URLParameterEncoder = URLParameterEncoder(),
        bodyEncoder: JSONParameterEncoder = JSONParameterEncoder(),
        logger: NetworkLogger? = nil,
        completionQueue: DispatchQueue? = nil,
        plugins: [any PluginType] = [],
        retryPolicy: RetryPolicy? = nil,
        authentication: AuthenticationCoordinator? = nil,
        deadline: TimeInterval? = nil,
        maximumResponseSize: Int? = 100 * 1024 * 1024,
        deduplicatesRequests: Bool = false,
        challengeCredentials: (@Sendable (AuthenticationChallenge) async -> HTTPCredential?)? = nil,
        cache: HTTPCache? = nil,
        requestCompression: RequestCompression = .none,
        certificatePinning: CertificatePinning? = nil
    ) {
        self.baseURL = baseURL
        self.timeout = timeout
        self.headers = headers
        self.urlEncoder = urlEncoder
        self.bodyEncoder = bodyEncoder
        self.logger = logger
        self.completionQueue = completionQueue
        self.plugins = plugins
        self.retryPolicy = retryPolicy
        self.authentication = authentication
        self.challengeCredentials = challengeCredentials
        self.deadline = deadline
        self.maximumResponseSize = maximumResponseSize
        self.deduplicatesRequests = deduplicatesRequests
        self.cache = cache
        self.requestCompression = requestCompression
        self.certificatePinning = certificatePinning
    }

    /// The default for ``maximumResponseSize``: 100 MB.
    static let defaultMaximumResponseSize = 100 * 1024 * 1024

    /// The default for ``maximumStreamBacklogOnDisk``: 256 MB.
    static let defaultMaximumStreamBacklogOnDisk = 256 * 1024 * 1024

    /// Sleeps with `Task.sleep`, throwing `CancellationError` as soon as the task is cancelled.
    static let taskSleep: @Sendable (_ seconds: TimeInterval) async throws -> Void = { seconds in
        try await Task.sleep(nanoseconds: Deadline.nanoseconds(seconds))
    }

    /// The redactors whose secret headers are credentials: the default one, and the ``logger``'s.
    var redactors: [Redactor] {
        guard let logger else { return Self.standardRedactors }
        return [Redactor.standard, logger.redactor]
    }

    private static let standardRedactors = [Redactor.standard]

    /// ``plugins``, then the ``logger``'s plugin.
    var allPlugins: [any PluginType] {
        guard let logger else { return plugins }
        return plugins + [LoggerPlugin(logger: logger)]
    }
}
