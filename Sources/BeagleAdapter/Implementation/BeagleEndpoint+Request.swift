import Foundation
import NetworkLayer

extension BeagleEndpoint {
    /// The headers every request but a raw one starts with.
    public static let defaultHeaders: HTTPHeaders = ["Content-Type": "application/json", "beagle-platform": "IOS"]

    /// The endpoint for a Beagle request, built at once on the calling thread.
    ///
    /// - Headers, later wins: ``defaultHeaders``, then the request's additional-data headers, then
    ///   `additionalHeaders`. A raw request is sent with its own headers only.
    /// - Method: a form's method; a raw request's (`GET` when `nil`); otherwise
    ///   ``HttpAdditionalData/httpData``'s, or `GET`.
    /// - Body: ``HttpAdditionalData/httpData``'s, also when it is empty; for a raw request the JSON of
    ///   its body (`{}` when `nil`) unless the method is `GET` or `HEAD`.
    /// - URL: a form sent with `GET` or `DELETE` to a URL without a query gets a `?` even when it has
    ///   no values to add, as with Beagle's client.
    ///
    /// - Throws: `RequestBuildError` when a raw request's body is not a JSON value.
    public init(
        _ request: Request,
        additionalHeaders: [String: String] = [:],
        acceptableStatusCodes: Set<Int> = Set(200...299)
    ) throws(RequestBuildError) {
        var url = request.url
        if case .rawRequest(let data) = request.type {
            self = .rawRequest(url, try Self.rawOptions(data, acceptableStatusCodes: acceptableStatusCodes))
            return
        }
        let httpData = (request.additionalData as? HttpAdditionalData)?.httpData
        let headers = Self.defaultHeaders
            .merging(HTTPHeaders(request.additionalData?.headers ?? [:]))
            .merging(HTTPHeaders(additionalHeaders))
        let options = Options(
            method: NetworkLayer.HTTPMethod(rawValue: httpData?.method.rawValue ?? "GET"),
            headers: headers,
            body: httpData?.body,
            acceptableStatusCodes: acceptableStatusCodes
        )
        switch request.type {
        case .fetchComponent: self = .fetchComponent(url, options)
        case .fetchImage: self = .fetchImage(url, options)
        case .submitForm(let form):
            if form.method == .get || form.method == .delete { url = Self.withQueryMark(url) }
            self = .submitForm(url, form, options)
        case .rawRequest: self = .rawRequest(url, options)
        }
    }

    /// `url` ending in `?` when it has no query: Beagle's client rebuilds the query from the form's
    /// values, which leaves a bare `?` when none is left.
    private static func withQueryMark(_ url: URL) -> URL {
        guard url.query == nil else { return url }
        var text = url.absoluteString
        text.insert("?", at: text.firstIndex(of: "#") ?? text.endIndex)
        return URL(string: text) ?? url
    }

    private static func rawOptions(
        _ data: Request.RequestData,
        acceptableStatusCodes: Set<Int>
    ) throws(RequestBuildError) -> Options {
        let method = NetworkLayer.HTTPMethod(rawValue: data.method ?? "GET")
        var body: Data?
        if method != .get, method != .head {
            body = try jsonBody(data.body ?? Parameters())
        }
        return Options(
            method: method,
            headers: HTTPHeaders(data.headers ?? [:]),
            body: body,
            acceptableStatusCodes: acceptableStatusCodes
        )
    }

    /// `value` written as JSON, before anything leaves the calling thread.
    ///
    /// NetworkLayer's JSON writer takes `any Sendable`, and `Sendable` is a marker the cast below
    /// cannot check, so it always succeeds: the value is only read here, synchronously, never kept.
    private static func jsonBody(_ value: Any) throws(RequestBuildError) -> Data {
        guard let viewed = ([value] as? [any Sendable])?.first else {
            throw .unsupportedParameter(key: "", type: String(describing: type(of: value)))
        }
        return try JSONParameterEncoder.data(forJSONValue: viewed)
    }
}
