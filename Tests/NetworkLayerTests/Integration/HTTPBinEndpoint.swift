import Foundation
@_spi(Transport) import NetworkLayer

/// The httpbin routes the integration suites call.
enum HTTPBinEndpoint: EndPointType {
    /// `GET /get` with a query string; httpbin echoes it as `args`.
    case get(query: Parameters)
    /// `/post`, `/put`, `/patch` or `/delete` with a body; httpbin echoes it as `json` or `form`.
    case echoBody(method: HTTPMethod, body: Parameters, encoding: ParameterEncoding)
    /// `GET /headers` with endpoint headers and task headers; httpbin echoes what arrived.
    case headers(endpoint: HTTPHeaders, task: HTTPHeaders)
    /// `GET /status/{code}`: an empty body with that status.
    case status(Int)
    /// `GET /bearer` without a token: a plain 401.
    case bearer
    /// `GET /basic-auth/{user}/{password}`, optionally with an `Authorization` header.
    case basicAuth(user: String, password: String, authorization: String?)
    /// `GET /delay/{seconds}`, optionally with a timeout of its own.
    case delay(seconds: Int, timeout: TimeInterval? = nil)
    /// `GET /drip`: `bytes` bytes spread evenly over `duration` seconds, with a timeout of its own.
    case drip(bytes: Int, duration: Int, timeout: TimeInterval)
    /// `GET /redirect/{count}`: a chain of relative 302s ending at `/get`.
    case redirect(count: Int)
    /// `GET /redirect-to?url=…`, sending `Authorization`.
    case redirectTo(url: String, authorization: String)
    /// `GET /gzip`: a gzip-compressed JSON body.
    case gzip
    /// `GET /stream/{lines}`: that many JSON objects, one per line, sent as they are written.
    case stream(lines: Int)
    /// `GET /range/{bytes}`: that many bytes of `abc…z` repeated, in 1 KB chunks spread over `seconds` when
    /// that is not 0.
    case range(bytes: Int, seconds: Int = 0)

    var baseURL: URL { HTTPBinPeer.baseURL }

    var path: String {
        switch self {
        case .get: "get"
        case .echoBody(let method, _, _): method.rawValue.lowercased()
        case .headers: "headers"
        case .status(let code): "status/\(code)"
        case .bearer: "bearer"
        case .basicAuth(let user, let password, _): "basic-auth/\(user)/\(password)"
        case .delay(let seconds, _): "delay/\(seconds)"
        case .drip: "drip"
        case .redirect(let count): "redirect/\(count)"
        case .redirectTo: "redirect-to"
        case .gzip: "gzip"
        case .stream(let lines): "stream/\(lines)"
        case .range(let bytes, _): "range/\(bytes)"
        }
    }

    var httpMethod: HTTPMethod {
        if case .echoBody(let method, _, _) = self { return method }
        return .get
    }

    var task: HTTPTask {
        switch self {
        case .get(let query):
            .requestParameters(bodyParameters: nil, bodyEncoding: .urlEncoding, urlParameters: query)
        case .echoBody(_, let body, let encoding):
            .requestParameters(bodyParameters: body, bodyEncoding: encoding, urlParameters: nil)
        case .headers(_, let taskHeaders):
            .requestParametersAndHeaders(
                bodyParameters: nil, bodyEncoding: .urlEncoding, urlParameters: nil, additionHeaders: taskHeaders
            )
        case .drip(let bytes, let duration, _):
            .requestParameters(
                bodyParameters: nil, bodyEncoding: .urlEncoding,
                urlParameters: ["numbytes": bytes, "duration": duration, "delay": 0]
            )
        case .redirectTo(let url, _):
            .requestParameters(bodyParameters: nil, bodyEncoding: .urlEncoding, urlParameters: ["url": url])
        case .range(_, let seconds) where seconds > 0:
            .requestParameters(
                bodyParameters: nil, bodyEncoding: .urlEncoding,
                urlParameters: ["chunk_size": 1024, "duration": seconds])
        case .status, .bearer, .basicAuth, .delay, .redirect, .gzip, .stream, .range:
            .request
        }
    }

    var headers: HTTPHeaders? {
        switch self {
        case .headers(let endpointHeaders, _): endpointHeaders
        case .basicAuth(_, _, let authorization?): ["Authorization": authorization]
        case .redirectTo(_, let authorization): ["Authorization": authorization]
        default: nil
        }
    }

    var timeout: TimeInterval? {
        switch self {
        case .delay(_, let timeout): timeout
        case .drip(_, _, let timeout): timeout
        // Linux URLSession never finishes a Basic 401 by itself, and no timeout fires (the transfer
        // is over), so a hang here would only end with the test's time limit.
        case .basicAuth: 10
        default: nil
        }
    }
}
