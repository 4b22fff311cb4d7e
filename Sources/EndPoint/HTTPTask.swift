import Foundation

/// Parameters for a query string, a form body or a JSON body.
///
/// Values may be `String`, any integer or floating-point type, `Bool`, `Decimal`, `NSNumber`,
/// `Date`, `URL`, `UUID`, string- or integer-backed enums, arrays and dictionaries of those, and
/// optionals (`nil` and `NSNull` drop the key). Anything else fails request building with
/// ``RequestBuildError/unsupportedParameter(key:type:)``.
public typealias Parameters = [String: any Sendable]

/// What an endpoint sends besides its URL and method.
public enum HTTPTask: Sendable {
    /// No parameters and no body.
    case request

    /// Dictionary parameters: `urlParameters` always go to the query string; `bodyParameters` go to
    /// the body as ``ParameterEncoding`` says.
    case requestParameters(
        bodyParameters: Parameters?,
        bodyEncoding: ParameterEncoding,
        urlParameters: Parameters?
    )

    /// Like ``requestParameters(bodyParameters:bodyEncoding:urlParameters:)``, plus headers that
    /// win over the endpoint's own ``EndPointType/headers``.
    case requestParametersAndHeaders(
        bodyParameters: Parameters?,
        bodyEncoding: ParameterEncoding,
        urlParameters: Parameters?,
        additionHeaders: HTTPHeaders?
    )

    /// An `Encodable` value as the JSON body, and optionally an `Encodable` value as the query string.
    ///
    /// The body is written by the router's ``JSONParameterEncoder``; the query by its
    /// ``URLParameterEncoder`` after turning the value into parameters.
    case requestEncodable(body: (any Encodable & Sendable)?, query: (any Encodable & Sendable)? = nil)

    /// Raw bytes as the body, with an optional `Content-Type` (set only when the request has none).
    case requestData(Data, contentType: String? = nil, urlParameters: Parameters? = nil)

    /// A local file as the body, streamed from disk with a `Content-Length`; `contentType` defaults
    /// to `application/octet-stream`.
    ///
    /// The file is read only when the request is sent, and goes to the transport as a file, which
    /// `URLSessionTransport` streams from disk. Use `Router.upload(_:progress:)` to follow its progress.
    case uploadFile(URL, contentType: String? = nil, urlParameters: Parameters? = nil)

    /// A `multipart/form-data` body; the request's `Content-Type` is the form's, boundary included.
    ///
    /// The form is written to a temporary file in chunks when the request is sent and uploaded from
    /// there, so a transport that streams files (as `URLSessionTransport` does) never holds its file parts in memory.
    case uploadMultipart(MultipartFormData, urlParameters: Parameters? = nil)

    /// The body that is sent from disk or from a form rather than built into the request, if any.
    var uploadBody: UploadBody? {
        switch self {
        case .uploadFile(let fileURL, _, _): .file(fileURL)
        case .uploadMultipart(let form, _): .multipart(form)
        default: nil
        }
    }

    /// The task's own headers, if it carries any.
    var additionalHeaders: HTTPHeaders? {
        if case .requestParametersAndHeaders(_, _, _, let headers) = self { return headers }
        return nil
    }
}
