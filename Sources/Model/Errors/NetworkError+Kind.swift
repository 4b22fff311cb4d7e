extension NetworkError {
    /// What went wrong, whichever transport or layer noticed it.
    ///
    /// Kinds are values, not enum cases, so a later release can add one without breaking a `switch` that
    /// handles the ones it knows (it has a `default`, as a `switch` over kinds must). Match them as patterns:
    /// `catch .notFound`, `case .serverError:`, `catch NetworkError.Kind.timedOut` where the error is untyped.
    public struct Kind: Sendable, Hashable, CustomStringConvertible {
        /// The kind as code spells it (`timedOut`), stable from release to release: for metrics, traces and logs
        /// that group failures.
        public let name: String
        /// How the kind reads at the start of an error's description ("Timed out").
        public let description: String

        private init(_ name: String, _ description: String) { (self.name, self.description) = (name, description) }

        /// The endpoint could not be turned into a request, or a plugin refused to prepare it; nothing was sent.
        /// The ``RequestBuildError``, or the error the plugin gives, is the ``NetworkError/underlyingError``.
        public static let invalidRequest = Kind("invalidRequest", "Invalid request")
        /// The request was cancelled: by a token, the router or the calling `Task`.
        public static let cancelled = Kind("cancelled", "Cancelled")
        /// The server did not answer in time, or the request's deadline passed; the detail says which limit.
        public static let timedOut = Kind("timedOut", "Timed out")
        /// Nothing accepted the connection: refused, or no route to the host.
        public static let cannotConnect = Kind("cannotConnect", "Cannot connect to host")
        /// The host name did not resolve.
        public static let cannotFindHost = Kind("cannotFindHost", "Cannot find host")
        /// The device has no network connection at all.
        public static let notConnected = Kind("notConnected", "Not connected to the network")
        /// The connection closed before the response was complete.
        public static let connectionLost = Kind("connectionLost", "Connection lost")
        /// The TLS handshake failed or the server's certificate was not trusted.
        public static let secureConnection = Kind("secureConnection", "Secure connection failed")
        /// A chain of redirects was too long or led nowhere.
        public static let tooManyRedirects = Kind("tooManyRedirects", "Too many redirects")
        /// The server's answer was not valid HTTP, or its body could not be decoded.
        public static let badResponse = Kind("badResponse", "Bad server response")
        /// The URL has a scheme or form the transport cannot send.
        public static let unsupportedURL = Kind("unsupportedURL", "Unsupported URL")
        /// The body outgrew the router's `maximumResponseSize`, or more of a stream than
        /// `maximumStreamBacklogOnDisk` waited for a slow reader, so the transfer was stopped.
        public static let responseTooLarge = Kind("responseTooLarge", "Response too large")
        /// The transport failed in a way none of the kinds above describes; see the underlying error.
        public static let transportFailure = Kind("transportFailure", "Transport failure")
        /// 401 or 403: credentials missing, wrong or insufficient.
        public static let authentication = Kind("authentication", "Not authorized")
        /// 404: the resource does not exist.
        public static let notFound = Kind("notFound", "Not found")
        /// Any other 4xx status.
        public static let clientError = Kind("clientError", "Client error")
        /// A 5xx status.
        public static let serverError = Kind("serverError", "Server error")
        /// A 3xx status reached the caller (redirects were not followed, or the chain ended on one).
        public static let unexpectedRedirect = Kind("unexpectedRedirect", "Unexpected redirect")
        /// A status the endpoint does not accept that fits none of the kinds above, for example a 2xx outside a
        /// custom ``EndPointType/acceptableStatusCodes`` or a 1xx.
        public static let unacceptableStatusCode = Kind("unacceptableStatusCode", "Unacceptable status")
        /// A body was needed and the response had none.
        public static let noData = Kind("noData", "No body to decode")
        /// The body could not be decoded into the requested type; the detail names the type and where it failed.
        public static let decodingFailed = Kind("decodingFailed", "Could not decode")
        /// The server answered a WebSocket handshake with something other than `101 Switching Protocols`; the
        /// ``NetworkError/response`` has its status and fields.
        public static let handshakeRefused = Kind("handshakeRefused", "WebSocket handshake refused")
        /// The peer closed the WebSocket with a code other than 1000; ``NetworkError/webSocketClose`` has the code
        /// and the reason.
        public static let closedByPeer = Kind("closedByPeer", "WebSocket closed by the peer")
        /// A ping of the WebSocket got no pong within ``WebSocketOptions/pongTimeout``.
        public static let pongTimeout = Kind("pongTimeout", "WebSocket pong timed out")
        /// A WebSocket message was larger than ``WebSocketOptions/maximumMessageSize``; the socket closed with 1009.
        public static let messageTooLarge = Kind("messageTooLarge", "WebSocket message too large")
        /// The WebSocket peer broke RFC 6455 (a masked frame, text that is not UTF-8, a bad close code...); the
        /// socket closed with 1002 or 1007.
        public static let protocolViolation = Kind("protocolViolation", "WebSocket protocol violation")
        /// The transport cannot do what was asked, such as opening a WebSocket; the detail says what to use instead.
        public static let notSupportedByTransport = Kind("notSupportedByTransport", "Not supported by this transport")

        /// Whether `error` is of this kind: lets a kind stand as a pattern in `switch` and `catch`.
        public static func ~= (kind: Kind, error: NetworkError) -> Bool { error.kind == kind }

        /// Whether `error` is a ``NetworkError`` of this kind, for code whose errors are untyped.
        public static func ~= (kind: Kind, error: any Error) -> Bool { (error as? NetworkError)?.kind == kind }
    }
}

extension NetworkError.Kind {
    /// The kinds that mean the connection or the transfer failed before a whole response arrived, apart from a
    /// cancellation and a body over the size limit: what a retry or a reconnection may cure.
    static let connectionFailures: Set<Self> = [
        .timedOut, .cannotConnect, .cannotFindHost, .notConnected, .connectionLost, .secureConnection,
        .tooManyRedirects, .badResponse, .unsupportedURL, .transportFailure,
    ]

    /// Whether this kind is one of ``connectionFailures``.
    var isConnectionFailure: Bool { Self.connectionFailures.contains(self) }
}
