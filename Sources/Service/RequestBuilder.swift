import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Turns an endpoint into a `URLRequest`: URL, method, headers, query, body and timeout.
///
/// Upload tasks (``HTTPTask/uploadFile(_:contentType:urlParameters:)`` and
/// ``HTTPTask/uploadMultipart(_:urlParameters:)``) get their head only; the body is attached when
/// the request is sent, so building stays free of I/O.
struct RequestBuilder: Sendable {
    let configuration: RouterConfiguration

    func makeRequest(for endpoint: some EndPointType) throws(RequestBuildError) -> URLRequest {
        let task = endpoint.task
        var request = URLRequest(url: try URLJoining.url(base: configuration.baseURL ?? endpoint.baseURL, path: endpoint.path))
        request.httpMethod = endpoint.httpMethod.rawValue
        request.timeoutInterval = Self.effectiveTimeout(endpoint.timeout ?? configuration.timeout)

        var headers = configuration.headers
        if let endpointHeaders = endpoint.headers { headers = headers.merging(endpointHeaders) }
        if let taskHeaders = task.additionalHeaders { headers = headers.merging(taskHeaders) }
        for header in headers {
            try HeaderValidation.validate(name: header.name, value: header.value)
            request.setValue(header.value, forHTTPHeaderField: header.name)
        }

        try encode(task, method: endpoint.httpMethod, into: &request)

        let hasBody = !(request.httpBody?.isEmpty ?? true) || task.uploadBody != nil
        if hasBody, !endpoint.allowsBodyInGET, endpoint.httpMethod == .get || endpoint.httpMethod == .head {
            throw .bodyNotAllowed(method: endpoint.httpMethod.rawValue)
        }
        return request
    }

    private func encode(
        _ task: HTTPTask,
        method: HTTPMethod,
        into request: inout URLRequest
    ) throws(RequestBuildError) {
        switch task {
        case .request:
            break
        case .requestParameters(let body, let encoding, let query),
            .requestParametersAndHeaders(let body, let encoding, let query, _):
            if let query, !query.isEmpty {
                try configuration.urlEncoder.encode(urlRequest: &request, with: query)
            }
            if let body, encoding == .urlEncoding, method.prefersQueryParameters {
                if !body.isEmpty { try configuration.urlEncoder.encode(urlRequest: &request, with: body) }
            } else if let body {
                try bodyEncoder(for: encoding).encode(urlRequest: &request, with: body)
            }
        case .requestEncodable(let body, let query):
            if let query {
                let queryEncoder = EncodableQueryEncoder(
                    urlEncoder: configuration.urlEncoder,
                    jsonEncoder: configuration.bodyEncoder.encoder
                )
                try queryEncoder.encode(urlRequest: &request, with: query)
            }
            if let body {
                try configuration.bodyEncoder.encode(urlRequest: &request, with: body)
            }
        case .requestData(let data, let contentType, let query):
            if let query, !query.isEmpty {
                try configuration.urlEncoder.encode(urlRequest: &request, with: query)
            }
            request.httpBody = data
            if let contentType { request.setContentTypeIfAbsent(contentType) }
        case .uploadFile(_, let contentType, let query):
            if let query, !query.isEmpty {
                try configuration.urlEncoder.encode(urlRequest: &request, with: query)
            }
            request.setContentTypeIfAbsent(contentType ?? MIMEType.fallback)
        case .uploadMultipart(let form, let query):
            if let query, !query.isEmpty {
                try configuration.urlEncoder.encode(urlRequest: &request, with: query)
            }
            // The boundary must be the form's own, so this Content-Type wins over any other.
            request.setValue(form.contentType, forHTTPHeaderField: "Content-Type")
        }
    }

    private func bodyEncoder(for encoding: ParameterEncoding) -> any ParameterEncoder {
        switch encoding {
        case .urlEncoding: FormURLParameterEncoder(urlEncoder: configuration.urlEncoder)
        case .jsonEncoding, .urlAndJsonEncoding: JSONParameterEncoder()
        }
    }

    /// Linux Foundation truncates fractional timeouts to whole seconds, so 0.5 s would fail at once.
    static func effectiveTimeout(_ timeout: TimeInterval) -> TimeInterval {
        #if canImport(FoundationNetworking)
        return max(1, timeout.rounded(.up))
        #else
        return timeout
        #endif
    }
}
