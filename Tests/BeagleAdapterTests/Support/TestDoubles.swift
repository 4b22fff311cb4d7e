import BeagleAdapter
import Foundation
import NetworkLayer
import TestSupport

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A decoded screen in tests: the body's text.
struct TextScreen: ServerDrivenComponent, Equatable {
    let text: String
}

/// Decodes any body into a ``TextScreen``; a body `fail` does not decode.
struct TextCoder: BeagleCoding {
    struct Failure: Error {}

    func decode<T>(from data: Data) throws -> T {
        let text = String(decoding: data, as: UTF8.self)
        guard text != "fail", let value = TextScreen(text: text) as? T else { throw Failure() }
        return value
    }
}

/// A ``NetworkClient`` that records requests and completes them when the test says so.
final class ManualNetworkClient: NetworkClient, Sendable {
    struct Pending {
        let request: Request
        let completion: RequestCompletion
        let cancelled: Locked<Bool>
    }

    let pending = Locked<[Pending]>([])
    let requestCount = Locked(0)

    func executeRequest(_ request: Request, completion: @escaping RequestCompletion) -> (any RequestToken)? {
        let cancelled = Locked(false)
        pending.withLock { $0.append(Pending(request: request, completion: completion, cancelled: cancelled)) }
        requestCount.withLock { $0 += 1 }
        return TestToken { cancelled.withLock { $0 = true } }
    }

    /// Completes the oldest pending request with `body` and status 200.
    func succeedNext(body: String) throws {
        let next = try popNext()
        let response = try HTTPFixtures.response(for: next.request.url, status: 200)
        next.completion(.success(NetworkResponse(data: Data(body.utf8), response: response)))
    }

    /// Fails the oldest pending request with a transport error.
    func failNext() throws {
        let next = try popNext()
        let failure = NetworkError(error: URLError(.notConnectedToInternet), request: URLRequest(url: next.request.url))
        next.completion(.failure(failure))
    }

    private func popNext() throws -> Pending {
        guard let next = pending.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) else {
            throw HTTPFixtures.Missing()
        }
        return next
    }
}

struct TestToken: RequestToken {
    let action: @Sendable () -> Void

    func cancel() {
        action()
    }
}

enum HTTPFixtures {
    struct Missing: Error {}

    static func response(for url: URL, status: Int, headers: [String: String]? = nil) throws -> HTTPURLResponse {
        let response = HTTPURLResponse(url: url, statusCode: status, httpVersion: "HTTP/1.1", headerFields: headers)
        guard let response else { throw Missing() }
        return response
    }

    /// A transport that answers every request with `status` and `body`.
    static func transport(status: Int = 200, body: String = "{}") -> ClosureTransport {
        ClosureTransport { request in
            guard let url = request.url else { throw Missing() }
            return (Data(body.utf8), try response(for: url, status: status))
        }
    }
}

extension NetworkClient {
    /// Sends `request` and waits for its one completion.
    func result(for request: Request) async -> NetworkResult {
        await withCheckedContinuation { continuation in
            executeRequest(request) { continuation.resume(returning: $0) }
        }
    }
}

extension ViewClientProtocol {
    /// Fetches `url` and waits for the completion.
    func screen(
        _ url: String,
        additionalData: HttpAdditionalData? = nil
    ) async -> Result<any ServerDrivenComponent, Request.Error> {
        await withCheckedContinuation { continuation in
            fetch(url: url, additionalData: additionalData) { continuation.resume(returning: $0) }
        }
    }
}

extension URLRequest {
    /// The header fields a Beagle request sets, without the `User-Agent`, `Accept`, `Accept-Language` and
    /// `Accept-Encoding` every router request carries.
    var beagleHeaderFields: [String: String] {
        let standard: Set = ["user-agent", "accept", "accept-language", "accept-encoding"]
        return (allHTTPHeaderFields ?? [:]).filter { !standard.contains($0.key.lowercased()) }
    }
}
