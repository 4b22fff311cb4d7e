import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The head of an HTTP response as a transport received it: status, version, fields and final URL.
///
/// Any ``HTTPTransport`` hands one back, so the rest of the library reads responses the same way
/// whichever transport sent the request. Repeated fields, such as several `Set-Cookie` lines, stay
/// separate in ``headers`` when the transport saw them separately.
public struct ResponseHead: Sendable {
    /// The status code.
    public let statusCode: Int
    /// The URL the response came from, after any redirect.
    public let url: URL?
    /// The HTTP version the response came in, or `nil` when the transport could not tell.
    ///
    /// Foundation's `URLSession` does not hand it over: its `HTTPURLResponse` has no property for it,
    /// and on Linux does not keep it at all. A head made from an `HTTPURLResponse`, as over
    /// ``URLSessionTransport``, therefore has none.
    public let httpVersion: HTTPVersion?
    /// Whether the response came from the network or from the router's ``HTTPCache``; ``CacheStatus/network``
    /// without a cache.
    public internal(set) var cacheStatus = CacheStatus.network
    /// The `Content-Length` field, read by RFC 9110's rule once: the transport, the router and the body's
    /// reader all ask.
    let contentLengthField: ContentLengthField
    private let source: Source

    /// Where the fields and Foundation's response come from.
    private enum Source: Sendable {
        /// Foundation's transports deliver Foundation's response, its repeated fields joined.
        case foundation(HTTPURLResponse)
        /// Other transports hand over the fields, repeated ones apart; Foundation's response is built when read.
        case fields(HTTPHeaders, FoundationResponse)
    }

    /// A head with the given parts; `nil` when Foundation cannot represent it (a status outside 100…999).
    ///
    /// - Parameters:
    ///   - statusCode: The status code, for example `200`.
    ///   - httpVersion: The protocol version the response came in.
    ///   - headers: The response fields, repeated ones kept apart.
    ///   - url: The URL the response came from, after any redirect.
    @_spi(Transport) public init?(
        statusCode: Int, httpVersion: HTTPVersion = HTTPVersion(major: 1, minor: 1), headers: HTTPHeaders = [:],
        url: URL
    ) {
        guard (100...999).contains(statusCode),
            let foundation = FoundationResponse(
                url: url, statusCode: statusCode, httpVersion: httpVersion.description, headers: headers)
        else { return nil }
        self.statusCode = statusCode
        self.url = url
        self.httpVersion = httpVersion
        self.contentLengthField = ContentLengthField(headers["Content-Length"])
        self.source = .fields(headers, foundation)
    }

    /// The head of `response`, as Foundation's transports deliver it (repeated fields already joined),
    /// with no ``httpVersion``: Foundation's response does not tell it.
    @_spi(Transport)
    public init(_ response: HTTPURLResponse) {
        self.init(response, httpVersion: nil)
    }

    /// The head of `response`, which came in `httpVersion` as someone who knows says.
    init(_ response: HTTPURLResponse, httpVersion: HTTPVersion?) {
        self.statusCode = response.statusCode
        self.url = response.url
        self.httpVersion = httpVersion
        self.contentLengthField = ContentLengthField(response.value(forHTTPHeaderField: "Content-Length"))
        self.source = .foundation(response)
    }

    /// The `HTTPURLResponse` for callers and APIs that want Foundation's type.
    ///
    /// A head from a transport other than Foundation's builds it when it is first read.
    @_spi(Transport) public var httpURLResponse: HTTPURLResponse {
        switch source {
        case .foundation(let response): response
        case .fields(_, let foundation): foundation.response
        }
    }

    /// The response fields. Look-ups are case-insensitive; ``HTTPHeaders/values(for:)`` lists a repeated field.
    public var headers: HTTPHeaders {
        if case .fields(let fields, _) = source { return fields }
        var headers = HTTPHeaders()
        for (name, value) in httpURLResponse.allHeaderFields {
            if let name = name as? String, let value = value as? String {
                headers.add(name: name, value: value)
            }
        }
        return headers
    }

    /// The value of the field called `name`, or `nil`; repeated fields come joined with `", "`.
    func value(for name: String) -> String? {
        switch source {
        case .foundation(let response): response.value(forHTTPHeaderField: name)
        case .fields(let headers, _): headers[name]
        }
    }

    /// The length the `Content-Length` field announces, or `nil` when there is none or it is not one plain
    /// decimal number (repeated fields count only when their values agree). A number past `Int64.max` reads
    /// as `Int64.max`: larger than any size limit.
    ///
    /// Every transport's head is read by the same rule, so Foundation's own reading (which accepts `+9`)
    /// does not count.
    @_spi(Transport) public var expectedContentLength: Int64? {
        contentLengthField.length
    }

    /// Whether the status is `2xx`.
    var isSuccessful: Bool { (200..<300).contains(statusCode) }
}
