import Foundation
import NetworkLayer

extension BeagleEndpoint {
    /// The headers every request but a raw one starts with.
    public static let defaultHeaders: HTTPHeaders = ["Content-Type": "application/json", "beagle-platform": "IOS"]

    /// The endpoint for a Beagle request.
    ///
    /// - Headers, later wins: ``defaultHeaders``, then the request's additional-data headers, then
    ///   `additionalHeaders`. A raw request is sent with its own headers only.
    /// - Method: a form's method; a raw request's (`GET` when `nil`); otherwise
    ///   ``HttpAdditionalData/httpData``'s, or `GET`.
    /// - Body: ``HttpAdditionalData/httpData``'s; for a raw request the JSON of its body (`{}` when
    ///   `nil`) unless the method is `GET` or `HEAD`.
    ///
    /// - Throws: `RequestBuildError` when a raw request's body is not JSON-serializable.
    public init(
        _ request: Request,
        additionalHeaders: [String: String] = [:],
        acceptableStatusCodes: Set<Int> = Set(200...299)
    ) throws(RequestBuildError) {
        let url = request.url
        if case .rawRequest(let data) = request.type {
            self = .rawRequest(url, try Self.rawOptions(data, acceptableStatusCodes: acceptableStatusCodes))
            return
        }
        let httpData = (request.additionalData as? HttpAdditionalData)?.httpData
        let headers = Self.defaultHeaders
            .merging(HTTPHeaders(request.additionalData?.headers ?? [:]))
            .merging(HTTPHeaders(additionalHeaders))
        let options = Options(
            method: HTTPMethod(rawValue: httpData?.method.rawValue ?? HTTPMethod.get.rawValue),
            headers: headers,
            body: httpData?.body,
            acceptableStatusCodes: acceptableStatusCodes
        )
        switch request.type {
        case .fetchComponent: self = .fetchComponent(url, options)
        case .fetchImage: self = .fetchImage(url, options)
        case .submitForm(let form): self = .submitForm(url, form, options)
        case .rawRequest: self = .rawRequest(url, options)
        }
    }

    private static func rawOptions(
        _ data: Request.RequestData,
        acceptableStatusCodes: Set<Int>
    ) throws(RequestBuildError) -> Options {
        let method = HTTPMethod(rawValue: data.method ?? HTTPMethod.get.rawValue)
        var body: Data?
        if method != .get, method != .head {
            body = try JSONParameterEncoder().data(forJSONValue: data.body ?? Parameters())
        }
        return Options(
            method: method,
            headers: HTTPHeaders(data.headers ?? [:]),
            body: body,
            acceptableStatusCodes: acceptableStatusCodes
        )
    }
}
