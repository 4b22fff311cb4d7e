import Foundation
@_spi(Transport) import NetworkLayer
import TestSupport

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A `URLProtocol` that answers requests in-process, for tests of the real `URLSession` path.
///
/// Each test registers a handler under its own id and sends to `https://stub.invalid/<id>/...`,
/// so parallel tests never see each other's stubs. The registry is static and therefore sits
/// behind a lock; the protocol instance itself is never shared across threads.
final class StubURLProtocol: URLProtocol {
    /// What a stub answers: a response, or an error passed to the client as-is.
    enum Reply: Sendable {
        case response(status: Int, headers: [String: String], body: Data)
        case failure(any Error)
        /// Never answers, like a peer that stalls after the request.
        case silence
    }

    typealias Handler = @Sendable (_ request: URLRequest, _ body: Data) -> Reply

    private static let handlers = Locked<[String: Handler]>([:])

    /// Registers `handler` and returns the base URL whose requests it answers.
    static func register(_ handler: @escaping Handler) -> URL {
        let id = UUID().uuidString
        handlers.withLock { $0[id] = handler }
        return URL(string: "https://stub.invalid/\(id)")!
    }

    /// A session configuration that sends every request through this stub.
    static func configuration() -> URLSessionConfiguration {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.protocolClasses = [StubURLProtocol.self] + (configuration.protocolClasses ?? [])
        return configuration
    }

    override class func canInit(with request: URLRequest) -> Bool {
        request.url?.host == "stub.invalid"
    }

    override class func canonicalRequest(for request: URLRequest) -> URLRequest {
        request
    }

    override func startLoading() {
        let id = request.url?.pathComponents.dropFirst().first ?? ""
        let handler = Self.handlers.withLock { $0[id] }
        let reply = handler?(request, Self.body(of: request)) ?? .failure(URLError(.resourceUnavailable))
        // Everything is delivered before returning, so `client` is never touched after `stopLoading()`.
        switch reply {
        case .response(let status, let headers, let body):
            let url = request.url ?? URL(string: "https://stub.invalid")!
            let head = HTTPURLResponse(url: url, statusCode: status, httpVersion: "HTTP/1.1", headerFields: headers)!
            client?.urlProtocol(self, didReceive: head, cacheStoragePolicy: .notAllowed)
            if !body.isEmpty { client?.urlProtocol(self, didLoad: body) }
            client?.urlProtocolDidFinishLoading(self)
        case .failure(let error):
            client?.urlProtocol(self, didFailWithError: error)
        case .silence:
            break
        }
    }

    override func stopLoading() {}

    /// The request body, whether it arrives as `httpBody` (Linux) or as a stream (Apple platforms).
    private static func body(of request: URLRequest) -> Data {
        if let body = request.httpBody { return body }
        guard let stream = request.httpBodyStream else { return Data() }
        stream.open()
        defer { stream.close() }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while stream.hasBytesAvailable {
            let count = stream.read(&buffer, maxLength: buffer.count)
            guard count > 0 else { break }
            data.append(buffer, count: count)
        }
        return data
    }
}
