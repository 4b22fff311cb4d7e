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
    /// The `HTTPURLResponse` for callers and APIs that want Foundation's type.
    public let httpURLResponse: HTTPURLResponse
    /// The fields as the transport received them, when it kept them apart.
    private let fields: HTTPHeaders?

    /// A head with the given parts; `nil` when Foundation cannot represent it (a status outside 100…999).
    ///
    /// - Parameters:
    ///   - statusCode: The status code, for example `200`.
    ///   - httpVersion: The protocol version, for example `HTTP/1.1`.
    ///   - headers: The response fields, repeated ones kept apart.
    ///   - url: The URL the response came from, after any redirect.
    public init?(statusCode: Int, httpVersion: String = "HTTP/1.1", headers: HTTPHeaders = [:], url: URL) {
        guard (100...999).contains(statusCode),
            let response = HTTPURLResponse(
                url: url, statusCode: statusCode, httpVersion: httpVersion, headerFields: headers.joinedFields)
        else { return nil }
        self.httpURLResponse = response
        self.fields = headers
    }

    /// The head of `response`, as Foundation's transports deliver it (repeated fields already joined).
    public init(_ response: HTTPURLResponse) {
        self.httpURLResponse = response
        self.fields = nil
    }

    /// The status code.
    public var statusCode: Int { httpURLResponse.statusCode }

    /// The URL the response came from, after any redirect.
    public var url: URL? { httpURLResponse.url }

    /// The response fields. Look-ups are case-insensitive; ``HTTPHeaders/values(for:)`` lists a repeated field.
    public var headers: HTTPHeaders {
        if let fields { return fields }
        var headers = HTTPHeaders()
        for (name, value) in httpURLResponse.allHeaderFields {
            if let name = name as? String, let value = value as? String {
                headers.add(name: name, value: value)
            }
        }
        return headers
    }

    /// The value of the field called `name`, or `nil`; repeated fields come joined with `", "`.
    public func value(for name: String) -> String? {
        fields.map { $0[name] } ?? httpURLResponse.value(forHTTPHeaderField: name)
    }

    /// The length the `Content-Length` field announces, or `nil` when there is none.
    public var expectedContentLength: Int64? {
        if fields == nil {
            let length = httpURLResponse.expectedContentLength
            return length >= 0 ? length : nil
        }
        return value(for: "Content-Length").flatMap(Self.length(in:))
    }

    /// The length a `Content-Length` field gives; a repeated field counts only when its values agree.
    private static func length(in field: String) -> Int64? {
        let values = Set(field.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) })
        guard values.count == 1, let text = values.first, let length = Int64(text), length >= 0 else { return nil }
        return length
    }

    /// Whether the status is `2xx`.
    public var isSuccessful: Bool { (200..<300).contains(statusCode) }
}
