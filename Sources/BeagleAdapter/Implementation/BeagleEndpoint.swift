import Foundation
import NetworkLayer

/// A Beagle ``Request`` as a NetworkLayer endpoint, one case per ``Request/RequestType``.
///
/// Beagle hands over full URLs, so the URL is the ``baseURL`` and the ``path`` is empty (an
/// empty path leaves the base URL unchanged). Make one with
/// ``init(_:additionalHeaders:acceptableStatusCodes:)``, which applies Beagle's header, method
/// and body rules.
public enum BeagleEndpoint: EndPointType {
    /// A screen.
    case fetchComponent(URL, Options)
    /// A form submission: values go to the query (`GET`, `DELETE`) or a JSON body (`POST`, `PUT`).
    case submitForm(URL, Request.FormData, Options)
    /// An image.
    case fetchImage(URL, Options)
    /// A request spelled out in full, with only its own headers.
    case rawRequest(URL, Options)

    /// The method, headers, body and accepted statuses resolved from the Beagle request.
    public struct Options: Sendable, Hashable {
        /// The method; a form's own method wins over it.
        public var method: NetworkLayer.HTTPMethod
        /// Every header the request is sent with.
        public var headers: HTTPHeaders
        /// The body, already encoded; a form sent with `POST` or `PUT` replaces it with its values.
        public var body: Data?
        /// The statuses that count as success.
        public var acceptableStatusCodes: Set<Int>

        /// Creates options.
        public init(
            method: NetworkLayer.HTTPMethod,
            headers: HTTPHeaders,
            body: Data?,
            acceptableStatusCodes: Set<Int>
        ) {
            self.method = method
            self.headers = headers
            self.body = body
            self.acceptableStatusCodes = acceptableStatusCodes
        }
    }

    /// The request's full URL.
    public var baseURL: URL {
        switch self {
        case .fetchComponent(let url, _), .submitForm(let url, _, _), .fetchImage(let url, _), .rawRequest(let url, _):
            url
        }
    }

    /// Empty: ``baseURL`` is already the full URL.
    public var path: String { "" }

    /// The form's method for a form, otherwise the resolved method.
    public var httpMethod: NetworkLayer.HTTPMethod {
        if case .submitForm(_, let form, _) = self { return NetworkLayer.HTTPMethod(rawValue: form.method.rawValue) }
        return options.method
    }

    /// The resolved headers.
    public var headers: HTTPHeaders? { options.headers }

    /// The resolved statuses.
    public var acceptableStatusCodes: Set<Int> { options.acceptableStatusCodes }

    /// `true`: Beagle sends `HttpAdditionalData`'s body whatever its method, so a screen fetched
    /// with `GET` and a body keeps that body, as with Beagle's own demo client.
    public var allowsBodyInGET: Bool { true }

    /// The query and body, following Beagle's rules.
    public var task: HTTPTask {
        switch self {
        case .submitForm(_, let form, let options):
            switch form.method {
            case .post, .put:
                return .requestParameters(
                    bodyParameters: form.values,
                    bodyEncoding: .jsonEncoding,
                    urlParameters: nil
                )
            case .get, .delete:
                let query: Parameters = form.values.filter { !$0.value.isEmpty }
                return Self.task(body: options.body, query: query)
            }
        case .fetchComponent(_, let options), .fetchImage(_, let options), .rawRequest(_, let options):
            return Self.task(body: options.body, query: nil)
        }
    }

    private var options: Options {
        switch self {
        case .fetchComponent(_, let options), .submitForm(_, _, let options), .fetchImage(_, let options),
            .rawRequest(_, let options):
            options
        }
    }

    private static func task(body: Data?, query: Parameters?) -> HTTPTask {
        if let body { return .requestData(body, urlParameters: query) }
        return .requestParameters(bodyParameters: nil, bodyEncoding: .jsonEncoding, urlParameters: query)
    }
}
