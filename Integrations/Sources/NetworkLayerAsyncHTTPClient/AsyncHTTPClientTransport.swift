#if AsyncHTTPClient  // the package trait (Package.swift); without it, only the stand-in (+TraitOff.swift)
import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTPCompression
import NIOSSL
@_spi(Transport) import NetworkLayer

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A transport over AsyncHTTPClient, for servers and other processes that live on SwiftNIO.
///
/// ```swift
/// let transport = AsyncHTTPClientTransport()
/// let router = Router<MovieAPI>(transport: transport)
/// let movies: MovieApiResponse = try await router.request(.popular(page: 1))
/// try await transport.shutdown()
/// ```
///
/// Response bodies stream with backpressure: a consumer that reads slowly slows the connection down instead of
/// filling memory. Uploads from a file or a stream are read as they are sent. Failures arrive as
/// ``NetworkLayer/NetworkError`` of the same kinds as ``NetworkLayer/URLSessionTransport``'s, so retries,
/// deadlines, cancellation and error messages behave the same. The transport follows redirects itself, with
/// its ``redirectPolicy`` and the same rules as the default transport: credentials never reach another origin.
///
/// The same transport opens the router's WebSockets, on the client's event loops: RFC 6455 over SwiftNIO's
/// `NIOWebSocket`, with permessage-deflate when the endpoint asks for it, keep-alive pings, and a bounded buffer
/// of received messages that holds back reads while the reader is slow.
///
/// A transport created with ``init(configuration:eventLoopGroup:redirectPolicy:maximumRedirects:cookies:window:)``
/// owns its `HTTPClient`: call ``shutdown()`` once it is no longer needed, to wait until its connections are
/// closed; a transport released without it starts the shutdown itself. One given an `HTTPClient` with
/// ``init(client:redirectPolicy:maximumRedirects:cookies:window:)`` leaves the client to its owner.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
public final class AsyncHTTPClientTransport: HTTPTransport {
    /// The client that carries the requests.
    public let client: HTTPClient
    /// Whether redirects are followed.
    public let redirectPolicy: RedirectPolicy
    /// How many redirects one request may follow before it fails with
    /// ``NetworkLayer/NetworkError/Kind/tooManyRedirects``.
    public let maximumRedirects: Int
    /// Where the cookies that responses set are kept and read from, or `nil` to leave cookies alone.
    public let cookies: HTTPCookieStorage?
    /// How many bytes of a response body may wait for a slow consumer before the transport stops reading.
    public let window: Int
    /// Whether compressed bodies are decoded, so that the router asks for them in `Accept-Encoding`: gzip and
    /// deflate by the client, `br` and `zstd` (on Linux, with the system's libbrotli and libzstd) by the
    /// transport.
    public let acceptsCompression: Bool
    private let ownsClient: Bool
    /// The read timeout of the client when the transport configured it; `nil` for a client of the app's,
    /// whose configuration AsyncHTTPClient does not show.
    let clientReadTimeout: TimeAmount?
    /// The TLS configuration of the client when the transport configured it; `nil` for a client of the app's. The
    /// requests to a pinned host go with it, their trust roots replaced (see ``pinningLimitation(for:)``).
    let clientTLSConfiguration: TLSConfiguration?
    /// Whether ``shutdown()`` has begun.
    private let shuttingDown = Locked(false)

    /// Creates a transport with an `HTTPClient` of its own; call ``shutdown()`` when done.
    ///
    /// - Parameters:
    ///   - configuration: The client's configuration. Its redirect configuration is replaced by `.disallow`,
    ///     because the transport follows redirects itself; `retryConnectionEstablishment` is turned off, so
    ///     that a refused connection fails at once, as with `URLSession`, and the router's ``NetworkLayer/RetryPolicy``
    ///     decides about retrying it; a `nil` read timeout becomes 60 seconds, the longest a response body may
    ///     stall, as `URLSession`'s request timeout.
    ///   - eventLoopGroup: The event loops the client runs on. Defaults to the process's shared group.
    ///   - redirectPolicy: Whether redirects are followed. Defaults to ``NetworkLayer/RedirectPolicy/follow``.
    ///   - maximumRedirects: The hop limit. Defaults to 10.
    ///   - cookies: A storage for cookies, as a session configuration's `httpCookieStorage`: the cookies each
    ///     response sets are stored there and sent with the requests they match. `nil`, the default, neither
    ///     stores nor sends any.
    ///   - window: The bytes of a body that may wait for its consumer. Defaults to 1 MB.
    ///   - decompresses: Whether compressed bodies are decoded, as `URLSession` does, and the router asks for
    ///     them (unless a request sets `Accept-Encoding`): gzip and deflate by the client, `br` and `zstd` (on
    ///     Linux) by the transport. Defaults to `true`; the router's
    ///     ``NetworkLayer/RouterConfiguration/maximumResponseSize`` bounds the decoded body.
    public init(
        configuration: HTTPClient.Configuration = HTTPClient.Configuration(),
        eventLoopGroup: any EventLoopGroup = HTTPClient.defaultEventLoopGroup,
        redirectPolicy: RedirectPolicy = .follow,
        maximumRedirects: Int = 10,
        cookies: HTTPCookieStorage? = nil,
        window: Int = 1024 * 1024,
        decompresses: Bool = true
    ) {
        var configuration = configuration
        if decompresses { configuration.decompression = .enabled(limit: .none) }
        configuration.redirectConfiguration = .disallow
        configuration.connectionPool.retryConnectionEstablishment = false
        if configuration.timeout.read == nil { configuration.timeout.read = .seconds(60) }
        self.client = HTTPClient(eventLoopGroup: eventLoopGroup, configuration: configuration)
        self.ownsClient = true
        self.clientReadTimeout = configuration.timeout.read
        self.clientTLSConfiguration = configuration.tlsConfiguration
        self.redirectPolicy = redirectPolicy
        self.maximumRedirects = maximumRedirects
        self.cookies = cookies
        self.window = window
        self.acceptsCompression = decompresses
    }

    /// Creates a transport over a client that the app owns and shuts down.
    ///
    /// Configure the client with `redirectConfiguration = .disallow`; otherwise it follows redirects by its
    /// own rules, before the transport's ``redirectPolicy`` sees them. Pass `acceptsCompression: true` when the
    /// client's `decompression` is enabled, so that requests ask for compressed bodies; the transport then decodes
    /// `br` and `zstd` bodies itself (on Linux).
    ///
    /// Requests to a host pinned with ``NetworkLayer/RouterConfiguration/certificatePinning`` go with
    /// `TLSConfiguration.makeClientConfiguration()` and the pinned roots: AsyncHTTPClient does not show the
    /// client's own TLS configuration.
    public init(
        client: HTTPClient,
        redirectPolicy: RedirectPolicy = .follow,
        maximumRedirects: Int = 10,
        cookies: HTTPCookieStorage? = nil,
        window: Int = 1024 * 1024,
        acceptsCompression: Bool = false
    ) {
        self.client = client
        self.ownsClient = false
        self.clientReadTimeout = nil
        self.clientTLSConfiguration = nil
        self.redirectPolicy = redirectPolicy
        self.maximumRedirects = maximumRedirects
        self.cookies = cookies
        self.window = window
        self.acceptsCompression = acceptsCompression
    }

    /// When the transport decodes compressed bodies: `br` and `zstd` where they are built in (on Linux), which
    /// the transport decodes itself, then gzip and deflate, which the client does.
    @_spi(Transport) public var decodedContentCodings: [String] {
        acceptsCompression ? ContentDecoders.codings + ["gzip", "deflate"] : []
    }

    /// Shuts the transport's own client down and returns once its connections are closed; does nothing for
    /// a client the app owns, or when called again.
    public func shutdown() async throws {
        guard ownsClient, beginShutdown() else { return }
        try await client.shutdown()
    }

    deinit {
        // AsyncHTTPClient stops a debug build whose client is released while running.
        guard ownsClient, beginShutdown() else { return }
        client.shutdown { _ in }
    }

    /// Marks the shutdown as begun; `false` when it had begun already.
    private func beginShutdown() -> Bool {
        shuttingDown.withLock { begun in
            defer { begun = true }
            return !begun
        }
    }

    /// Sends `request` and returns once the head of the final response has arrived; the body streams in as
    /// the consumer reads it.
    ///
    /// A head whose `Content-Length` is not one plain decimal number fails at once (see
    /// `ResponseHead.framingError`), and a body that waits for the server longer than the
    /// request's timeout fails as ``NetworkLayer/NetworkError/Kind/timedOut``.
    public func send(_ request: TransportRequest) async throws -> TransportResponse {
        let exchange = try await follow(request)
        if let error = exchange.head.framingError { throw error }
        let body = ResponseStream.body(
            of: exchange, window: window, idleTimeout: idleTimeout(of: exchange.request),
            decodes: acceptsCompression, owner: self)
        return TransportResponse(head: exchange.head, body: body)
    }
}
#endif
