import Foundation
@_spi(Transport) import NetworkLayer
import Testing

/// The httpbin routes the redirect, size-limit and transfer suites call.
enum TransferEndpoint: EndPointType {
    /// `/redirect-to?url=…&status_code=…` with `method`, a text body and optionally `Authorization`.
    case redirectTo(
        url: String, status: Int, method: HTTPMethod = .post, body: String? = nil, authorization: String? = nil)
    /// `/anything` with `method` and a text body; httpbin echoes method, body and headers.
    case anything(method: HTTPMethod = .post, body: String)
    /// `POST /anything` with `data` as a text body.
    case upload(Data)
    /// `POST /anything` with a file as the body.
    case uploadFile(URL)
    /// `POST /post` with a multipart form; httpbin echoes `form` and `files`.
    case multipart(MultipartFormData)
    /// `GET /bytes/{count}?seed=…`: deterministic random bytes with a `Content-Length`.
    case bytes(count: Int, seed: Int)
    /// `GET /range/{count}`: `abc…xyzabc…`, `count` bytes with a `Content-Length`, the same every time.
    case range(count: Int)
    /// `GET /stream-bytes/{count}`: random bytes, chunked, without a `Content-Length`.
    case streamBytes(count: Int)
    /// `GET /drip`: `bytes` bytes over `duration` seconds, with a `Content-Length`.
    case drip(bytes: Int, duration: Int)
    /// `GET /status/{code}`.
    case status(Int)
    /// `POST /delay/{seconds}` with the body `task` describes.
    case slowUpload(seconds: Int, task: HTTPTask)
    /// `POST /redirect-to?url=…&status_code=…` with a file as the body.
    case redirectFile(url: String, status: Int, file: URL)

    var baseURL: URL { HTTPBinPeer.baseURL }

    var path: String {
        switch self {
        case .redirectTo, .redirectFile: "redirect-to"
        case .anything, .upload, .uploadFile: "anything"
        case .multipart: "post"
        case .bytes(let count, _): "bytes/\(count)"
        case .range(let count): "range/\(count)"
        case .streamBytes(let count): "stream-bytes/\(count)"
        case .drip: "drip"
        case .status(let code): "status/\(code)"
        case .slowUpload(let seconds, _): "delay/\(seconds)"
        }
    }

    var httpMethod: HTTPMethod {
        switch self {
        case .redirectTo(_, _, let method, _, _), .anything(let method, _): method
        case .upload, .uploadFile, .multipart, .slowUpload, .redirectFile: .post
        case .bytes, .range, .streamBytes, .drip, .status: .get
        }
    }

    var task: HTTPTask {
        switch self {
        case .redirectTo(let url, let status, _, let body, _):
            .requestData(
                Data((body ?? "").utf8), contentType: "text/plain", urlParameters: ["url": url, "status_code": status])
        case .anything(_, let body):
            .requestData(Data(body.utf8), contentType: "text/plain")
        case .upload(let data):
            .requestData(data, contentType: "text/plain")
        case .slowUpload(_, let task):
            task
        case .redirectFile(let url, let status, let file):
            .uploadFile(file, contentType: "text/plain", urlParameters: ["url": url, "status_code": status])
        case .uploadFile(let fileURL):
            .uploadFile(fileURL, contentType: "text/plain")
        case .multipart(let form):
            .uploadMultipart(form)
        case .bytes(_, let seed):
            .requestParameters(bodyParameters: nil, bodyEncoding: .urlEncoding, urlParameters: ["seed": seed])
        case .streamBytes:
            .requestParameters(bodyParameters: nil, bodyEncoding: .urlEncoding, urlParameters: ["chunk_size": 1024])
        case .drip(let bytes, let duration):
            .requestParameters(
                bodyParameters: nil, bodyEncoding: .urlEncoding,
                urlParameters: ["numbytes": bytes, "duration": duration, "delay": 0])
        case .status, .range:
            .request
        }
    }

    var headers: HTTPHeaders? {
        switch self {
        case .redirectTo(_, _, _, _, let authorization?): ["Authorization": authorization]
        case .upload: ["Content-Type": "text/plain"]
        default: nil
        }
    }

    var timeout: TimeInterval? { 20 }
}

/// What httpbin's `/anything` and `/post` echo about a request.
struct TransferEcho: Decodable, Sendable {
    var method: String?
    var data: String?
    var form: [String: String]?
    var files: [String: String]?
    var headers: [String: String]?
    var url: String?
}

extension HTTPBinPeer {
    /// A router for ``TransferEndpoint`` over a fresh ephemeral transport with the given settings.
    static func makeTransferRouter(
        redirectPolicy: RedirectPolicy = .follow,
        maximumResponseSize: Int? = 100 * 1024 * 1024,
        maximumResentRedirects: Int = 10,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> Router<TransferEndpoint> {
        _ = try requireURL(sourceLocation: sourceLocation)
        let transport = URLSessionTransport(
            configuration: .ephemeral, redirectPolicy: redirectPolicy, maximumResentRedirects: maximumResentRedirects)
        return Router(
            configuration: RouterConfiguration(maximumResponseSize: maximumResponseSize), transport: transport)
    }
}

/// Files in the temporary directory whose names end in one of `suffixes`, optionally only those of `size` bytes.
///
/// The temporary directory is shared with every other process on the machine, so checks for
/// leftovers look only for names this library uses, or for files of one exact size.
func temporaryFiles(endingIn suffixes: [String], size: Int? = nil) -> Set<String> {
    let directory = NSTemporaryDirectory()
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
    return Set(
        names.filter { name in
            guard suffixes.contains(where: { name.hasSuffix($0) }) else { return false }
            guard let size else { return true }
            let path = (directory as NSString).appendingPathComponent(name)
            let attributes = try? FileManager.default.attributesOfItem(atPath: path)
            return (attributes?[.size] as? NSNumber)?.intValue == size
        }
    )
}
