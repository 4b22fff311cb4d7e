import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Why an exchange failed before a whole response arrived, in terms that do not depend on the
/// transport that carried it.
///
/// A transport throws this error with the ``Kind`` that fits, so that retries (``RetryPolicy``),
/// deadlines and error messages behave the same whichever transport sent the request:
///
/// ```swift
/// throw TransportError(.cannotConnect, detail: "connection refused")
/// ```
///
/// ``URLSessionTransport`` classifies each `URLError` with ``init(_:)``.
public struct TransportError: Error, Sendable, Hashable {
    /// What went wrong, whichever transport noticed it.
    public struct Kind: Sendable, Hashable, CustomStringConvertible {
        /// How the kind reads in messages.
        public let description: String

        private init(_ description: String) { self.description = description }

        /// Nothing accepted the connection: refused, or no route to the host.
        public static let cannotConnect = Kind("cannot connect to host")
        /// The host name did not resolve.
        public static let cannotFindHost = Kind("cannot find host")
        /// The device has no network connection at all.
        public static let notConnected = Kind("not connected to the network")
        /// The server did not answer in time.
        public static let timedOut = Kind("timed out")
        /// The connection closed before the response was complete.
        public static let connectionLost = Kind("connection lost")
        /// The TLS handshake failed or the server's certificate was not trusted.
        public static let secureConnection = Kind("secure connection failed")
        /// A chain of redirects was too long or led nowhere.
        public static let tooManyRedirects = Kind("too many redirects")
        /// The server's answer was not valid HTTP, or its body could not be decoded.
        public static let badResponse = Kind("bad server response")
        /// The URL has a scheme or form the transport cannot send.
        public static let unsupportedURL = Kind("unsupported URL")
        /// The request was cancelled before its response was complete.
        public static let cancelled = Kind("cancelled")
        /// The response body outgrew the size limit, so the transfer was stopped.
        public static let responseTooLarge = Kind("response body over the size limit")
        /// Any other failure.
        public static let other = Kind("transport failure")
    }

    /// What went wrong.
    public let kind: Kind
    /// The `URLError` code, when the transport was `URLSession`.
    public let urlErrorCode: URLError.Code?
    /// More about the failure, in the transport's words.
    public let detail: String?
    /// The method of the request that failed; the router fills it in.
    public internal(set) var method: String?
    /// The URL of the request that failed; the router fills it in. Descriptions show it with its secrets
    /// hidden by ``Redactor``.
    public internal(set) var url: URL?

    /// Creates an error of `kind`.
    public init(_ kind: Kind, detail: String? = nil) {
        self.kind = kind
        self.detail = detail
        self.urlErrorCode = nil
    }

    /// Classifies `error`; its user info (which holds the URL, and any secret in it) is not kept.
    public init(_ error: URLError) {
        self.kind = Self.kind(of: error.code)
        self.urlErrorCode = error.code
        self.detail = nil
    }

    private static func kind(of code: URLError.Code) -> Kind {
        switch code {
        case .cannotConnectToHost: .cannotConnect
        case .cannotFindHost, .dnsLookupFailed: .cannotFindHost
        case .notConnectedToInternet, .internationalRoamingOff, .dataNotAllowed, .callIsActive: .notConnected
        case .timedOut: .timedOut
        case .cancelled: .cancelled
        case .networkConnectionLost: .connectionLost
        case .secureConnectionFailed, .serverCertificateHasBadDate, .serverCertificateUntrusted,
            .serverCertificateHasUnknownRoot, .serverCertificateNotYetValid, .clientCertificateRejected,
            .clientCertificateRequired, .appTransportSecurityRequiresSecureConnection:
            .secureConnection
        case .httpTooManyRedirects, .redirectToNonExistentLocation: .tooManyRedirects
        case .badServerResponse, .cannotParseResponse, .cannotDecodeContentData, .cannotDecodeRawData,
            .zeroByteResource:
            .badResponse
        case .badURL, .unsupportedURL: .unsupportedURL
        default: .other
        }
    }
}

extension TransportError {
    /// This error with `request`'s method and URL, unless it names a request already.
    func naming(_ request: URLRequest?) -> TransportError {
        guard let request, url == nil else { return self }
        var named = self
        (named.method, named.url) = (request.httpMethod ?? "GET", request.url)
        return named
    }
}

extension TransportError: CustomStringConvertible, CustomDebugStringConvertible {
    /// The request, the kind, the transport's detail and the `URLError` code, in one line, secrets hidden.
    public var description: String {
        guard let url else { return kind.description + particulars }
        return "\(method ?? "GET") \(Redactor.standard.url(url)): \(kind)\(particulars)"
    }

    /// `headline`, then the request and the particulars, in one line: "Timed out: GET https://…, deadline 4 s".
    func line(_ headline: String) -> String {
        guard let url else { return headline + particulars }
        return "\(headline): \(method ?? "GET") \(Redactor.standard.url(url))\(particulars)"
    }

    /// The transport's detail and the `URLError` code, secrets hidden.
    private var particulars: String {
        var text = ""
        if let detail, !detail.isEmpty { text += ", \(Redactor.standard.text(detail))" }
        if let urlErrorCode { text += " (URLError \(urlErrorCode.rawValue))" }
        return text
    }

    /// The same line as ``description``.
    public var debugDescription: String { description }
}
