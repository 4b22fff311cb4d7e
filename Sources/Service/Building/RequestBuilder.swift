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
    /// The configuration's headers over the ``StandardHeaders`` for the router's transport.
    private let sharedHeaders: HTTPHeaders
    /// `sharedHeaders` validated and joined as Foundation takes them, once for every request that adds no
    /// field of its own.
    private let sharedFields: Result<[String: String], RequestBuildError>

    /// A builder for a router with `configuration` whose transport decodes `decodedContentCodings`.
    init(configuration: RouterConfiguration, decodedContentCodings: [String] = []) {
        self.configuration = configuration
        let sharedHeaders = StandardHeaders.fields(decoding: decodedContentCodings).merging(configuration.headers)
        self.sharedHeaders = sharedHeaders
        sharedFields = Result { () throws(RequestBuildError) in try Self.validatedFields(of: sharedHeaders) }
    }

    /// `headers` joined as Foundation takes them, once every field is known to be valid.
    private static func validatedFields(of headers: HTTPHeaders) throws(RequestBuildError) -> [String: String] {
        for header in headers {
            try HeaderValidation.validate(name: header.name, value: header.value)
        }
        return headers.joinedFields
    }

    /// The request `endpoint` describes; `extraHeaders` (a caller's own, such as an event stream's
    /// `Last-Event-ID`) go over the configuration's, the endpoint's and the task's.
    func makeRequest(
        for endpoint: some EndPointType,
        extraHeaders: HTTPHeaders = [:]
    ) throws(RequestBuildError) -> URLRequest {
        let task = endpoint.task
        let method = endpoint.httpMethod
        try HeaderValidation.validate(method: method)
        var request = URLRequest(url: try url(for: endpoint, task: task))
        if method != .get { request.httpMethod = method.rawValue }
        request.timeoutInterval = Self.effectiveTimeout(endpoint.timeout ?? configuration.timeout)

        let fields = try headerFields(endpoint: endpoint.headers, task: task.additionalHeaders, extra: extraHeaders)
        // In one assignment: Linux Foundation's `setValue(_:forHTTPHeaderField:)` is four times slower.
        if !fields.isEmpty { request.allHTTPHeaderFields = fields }

        try encodeBody(of: task, method: method, into: &request)

        let hasBody = !(request.httpBody?.isEmpty ?? true) || task.uploadBody != nil
        if hasBody, !endpoint.allowsBodyInGET, method == .get || method == .head {
            throw .bodyNotAllowed(method: method.rawValue)
        }
        return request
    }

    /// The shared fields with the endpoint's, the task's and the caller's over them, in that order.
    private func headerFields(
        endpoint: HTTPHeaders?, task: HTTPHeaders?, extra: HTTPHeaders
    ) throws(RequestBuildError) -> [String: String] {
        guard endpoint?.isEmpty == false || task?.isEmpty == false || !extra.isEmpty else {
            return try sharedFields.get()
        }
        var headers = sharedHeaders
        if let endpoint { headers = headers.merging(endpoint) }
        if let task { headers = headers.merging(task) }
        if !extra.isEmpty { headers = headers.merging(extra) }
        return try Self.validatedFields(of: headers)
    }

    /// Base URL, path and query, joined as text and parsed once.
    private func url(for endpoint: some EndPointType, task: HTTPTask) throws(RequestBuildError) -> URL {
        var text = try URLJoining.text(base: configuration.baseURL ?? endpoint.baseURL, path: endpoint.path)
        let query = try queryBytes(of: task, method: endpoint.httpMethod)
        if !query.isEmpty { text = URLParameterEncoder.text(text, appendingQuery: query) }
        guard let url = URL(string: text) else { throw .invalidURL(text) }
        return url
    }

    /// The task's query string: its URL parameters, then (for ``ParameterEncoding/urlEncoding`` on a
    /// method without a body) its body parameters.
    private func queryBytes(of task: HTTPTask, method: HTTPMethod) throws(RequestBuildError) -> [UInt8] {
        let writer = configuration.urlEncoder.writer
        switch task {
        case .request:
            return []
        case .requestParameters(let body, let encoding, let query),
            .requestParametersAndHeaders(let body, let encoding, let query, _):
            var bytes = try query.map(writer.write) ?? []
            if let body, encoding == .urlEncoding, method.prefersQueryParameters {
                let bodyBytes = try writer.write(body)
                if !bytes.isEmpty, !bodyBytes.isEmpty { bytes.append(UInt8(ascii: "&")) }
                bytes += bodyBytes
            }
            return bytes
        case .requestEncodable(_, let query):
            guard let query else { return [] }
            return try writer.write(
                EncodableParameters.parameters(for: query, using: configuration.bodyEncoder.encoder))
        case .requestData(_, _, let query), .uploadFile(_, _, let query), .uploadMultipart(_, let query):
            return try query.map(writer.write) ?? []
        }
    }

    private func encodeBody(
        of task: HTTPTask,
        method: HTTPMethod,
        into request: inout URLRequest
    ) throws(RequestBuildError) {
        switch task {
        case .request:
            break
        case .requestParameters(let body, let encoding, _),
            .requestParametersAndHeaders(let body, let encoding, _, _):
            guard let body, !(encoding == .urlEncoding && method.prefersQueryParameters) else { return }
            try bodyEncoder(for: encoding).encode(urlRequest: &request, with: body)
        case .requestEncodable(let body, _):
            if let body {
                try configuration.bodyEncoder.encode(urlRequest: &request, with: body)
            }
        case .requestData(let data, let contentType, _):
            request.httpBody = data
            if let contentType {
                try HeaderValidation.validate(name: "Content-Type", value: contentType)
                request.setContentTypeIfAbsent(contentType)
            }
        case .uploadFile(_, let contentType, _):
            let contentType = contentType ?? MIMEType.fallback
            try HeaderValidation.validate(name: "Content-Type", value: contentType)
            request.setContentTypeIfAbsent(contentType)
        case .uploadMultipart(let form, _):
            // The boundary must be the form's own, so this Content-Type wins over any other.
            request.setValue(form.contentType, forHTTPHeaderField: "Content-Type")
        }
    }

    private func bodyEncoder(for encoding: ParameterEncoding) -> any ParameterEncoder {
        switch encoding {
        case .urlEncoding:
            var formEncoder = configuration.urlEncoder
            formEncoder.destination = .httpBody
            return formEncoder
        case .jsonEncoding, .urlAndJsonEncoding:
            return configuration.bodyEncoder
        }
    }

    /// The timeout within `TransportTimeout.maximum` (an infinite one would stop the process on Linux);
    /// rounded up to whole seconds on Linux, whose Foundation truncates them, so 0.5 s would fail at once.
    static func effectiveTimeout(_ timeout: TimeInterval) -> TimeInterval {
        let timeout = timeout.isNaN ? TransportTimeout.defaultInterval : min(timeout, TransportTimeout.maximum)
        #if canImport(FoundationNetworking)
        return max(1, timeout.rounded(.up))
        #else
        return timeout
        #endif
    }
}
