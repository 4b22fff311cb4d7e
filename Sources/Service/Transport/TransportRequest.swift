import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What a ``Router`` asks its ``HTTPTransport`` to send: the request head and, optionally, a body.
public struct TransportRequest: Sendable {
    /// The URL, method, header fields and timeout; its `httpBody` is the body unless ``body`` is set.
    @_spi(Transport) public var head: URLRequest
    /// The body to send in place of the head's `httpBody`: bytes, a file or a stream.
    @_spi(Transport) public var body: RequestBody?
    /// The endpoint the request was built from, for transports and stubs that answer by endpoint.
    @_spi(Transport) public var endpoint: (any EndPointType)?
    /// Called as the body goes out, with the bytes sent so far.
    @_spi(Transport) public var uploadProgress: TransferProgressHandler?
    /// The names of the head's fields that carry credentials, lowercased. A transport that follows a
    /// redirect to another origin (scheme, host or port) drops them even when their name is one of those
    /// safe to forward (see ``RedirectPolicy``); it drops every field whose name is not, listed here or not.
    ///
    /// A ``Router`` lists the fields its redactors hide (see ``Redactor``) and the fields set by
    /// credential plugins (``PluginType/setsCredentials``) and by its ``AuthenticationCoordinator``.
    @_spi(Transport) public var credentialHeaders: Set<String>
    /// Whether the router keeps the whole response body in memory, reporting nothing as it arrives. A
    /// transport may then hand the response over once its body is complete, as ``ResponseBody/init(_:)`` over
    /// the bytes, instead of as soon as its head arrives: one wake-up of the router's task instead of two.
    @_spi(Transport) public var keepsWholeBody = false
    /// The most bytes of response body the router keeps in memory; `nil` for no limit. A transport that
    /// gathers a whole body itself (see ``keepsWholeBody``) stops a larger one with
    /// ``NetworkError/Kind/responseTooLarge``; any other leaves the check to the router.
    @_spi(Transport) public var maximumResponseSize: Int?
    /// The hosts whose certificates must show a pin (``RouterConfiguration/certificatePinning``): the request's
    /// own host and those its redirects lead to. A transport checks them on every connection, or refuses a
    /// redirect to a pinned host (see ``HTTPTransport/pinningLimitation(for:)``).
    @_spi(Transport) public var certificatePinning: CertificatePinning?

    /// The fields, lowercased, that the endpoint lets follow a redirect to another origin besides those safe
    /// to forward: its ``EndPointType/headersForwardedAcrossOrigins``.
    @_spi(Transport) public var headersForwardedAcrossOrigins: Set<String> {
        Set((endpoint?.headersForwardedAcrossOrigins ?? []).map { $0.lowercased() })
    }

    /// Creates a request.
    ///
    /// - Parameters:
    ///   - head: The URL, method, header fields and timeout.
    ///   - body: The body to send in place of the head's `httpBody`, if any.
    ///   - endpoint: The endpoint the request was built from, if any.
    ///   - uploadProgress: Called as the body goes out.
    ///   - credentialHeaders: The fields that must not follow a redirect to another origin; `nil`, the
    ///     default, lists the fields of `head` that the default ``Redactor`` hides.
    @_spi(Transport) public init(
        head: URLRequest,
        body: RequestBody? = nil,
        endpoint: (any EndPointType)? = nil,
        uploadProgress: TransferProgressHandler? = nil,
        credentialHeaders: Set<String>? = nil
    ) {
        self.head = head
        self.body = body
        self.endpoint = endpoint
        self.uploadProgress = uploadProgress
        self.credentialHeaders =
            credentialHeaders.map { $0.isEmpty ? [] : Set($0.map { $0.lowercased() }) }
            ?? SecretHeaderNames.standard.names(in: head)
    }

    /// The head with the whole body in its `httpBody`, read from a file or stream if need be, for
    /// transports that send bodies from memory.
    @_spi(Transport) public func bufferedHead() async throws -> URLRequest {
        guard let body else { return head }
        var request = head
        request.httpBodyStream = nil
        request.httpBody = try await body.collect()
        return request
    }
}

/// The body of a request.
@_spi(Transport) public enum RequestBody: Sendable {
    /// Bytes in memory.
    case data(Data)
    /// A local file, read as it is sent.
    case file(URL)
    /// Bytes produced as they are sent, with their total `length` when it is known.
    case stream(AsyncThrowingStream<Data, any Error>, length: Int64?)

    /// The body's size in bytes, when it is known before sending.
    var length: Int64? {
        switch self {
        case .data(let data):
            Int64(data.count)
        case .file(let fileURL):
            (try? FileManager.default.attributesOfItem(atPath: fileURL.path)[.size] as? NSNumber)?.int64Value
        case .stream(_, let length):
            length
        }
    }

    /// Fails, as a build error, when the body is a file that cannot be read.
    func checkReadable() throws(RequestBuildError) {
        guard case .file(let fileURL) = self else { return }
        guard fileURL.isFileURL, FileManager.default.isReadableFile(atPath: fileURL.path) else {
            throw .encodingFailed(reason: "cannot read \(fileURL.lastPathComponent)")
        }
    }

    /// The whole body in memory.
    public func collect() async throws -> Data {
        switch self {
        case .data(let data):
            return data
        case .file(let fileURL):
            return try Data(contentsOf: fileURL)
        case .stream(let chunks, _):
            var data = Data()
            for try await chunk in chunks { data.append(chunk) }
            return data
        }
    }
}

/// What a transport hands back: the response head, and the body as it arrives.
public struct TransportResponse: Sendable {
    /// Status, fields and final URL.
    @_spi(Transport) public var head: ResponseHead
    /// The body, read once.
    @_spi(Transport) public var body: ResponseBody

    /// Creates a response.
    @_spi(Transport) public init(head: ResponseHead, body: ResponseBody) {
        self.head = head
        self.body = body
    }
}
