import Foundation
import Testing

@_spi(Transport) @testable import NetworkLayer

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Request compression through a router: which setting wins, retries, and the `415` fallback.
@Suite("Request compression through a Router")
struct RequestCompressionRouterTests {
    struct Upload: EndPointType {
        var requestCompression: RequestCompression?
        var baseURL: URL { URL(string: "https://upload.example")! }
        var path: String { "upload" }
        var httpMethod: HTTPMethod { .post }
        var task: HTTPTask { .requestData(DeflaterTests.body(5_000), contentType: "application/json") }
        var headers: HTTPHeaders? { nil }
        var isIdempotent: Bool { true }
    }

    /// A router whose transport records each request and answers the `n`th (from 1) with `statuses[n - 1]`,
    /// or 200 past them.
    static func router(
        _ configuration: RouterConfiguration, statuses: [Int] = [], sent: Locked<[URLRequest]>
    ) -> Router<Upload> {
        Router(
            configuration: configuration,
            transport: ClosureTransport { request in
                let count = sent.withLock {
                    $0.append(request)
                    return $0.count
                }
                let status = count <= statuses.count ? statuses[count - 1] : 200
                return (Data(), HTTPURLResponse.stub(status, url: request.url))
            })
    }

    @Test(
        "The endpoint's setting wins over the router's",
        arguments: [
            (RequestCompression.none, nil, nil),
            (.gzip(), nil, "gzip"),
            (.none, RequestCompression.deflate(), "deflate"),
            (.gzip(), RequestCompression.none, nil),
        ] as [(RequestCompression, RequestCompression?, String?)])
    func precedence(router: RequestCompression, endpoint: RequestCompression?, expected: String?) async throws {
        let sent = Locked<[URLRequest]>([])
        let response = try await Self.router(RouterConfiguration(requestCompression: router), sent: sent).request(
            Upload(requestCompression: endpoint))
        #expect(response.statusCode == 200)
        let request = try #require(sent.current.first)
        #expect(request.value(forHTTPHeaderField: "Content-Encoding") == expected)
        let body = try #require(request.httpBody)
        #expect((expected == nil ? body : Inflate.data(body)) == DeflaterTests.body(5_000))
    }

    @Test("A retry sends the same compressed bytes again")
    func retrySendsIdenticalBytes() async throws {
        let sent = Locked<[URLRequest]>([])
        let configuration = RouterConfiguration(
            retryPolicy: RetryPolicy(maximumRetries: 1, jitter: 0), requestCompression: .gzip()
        ).sleeping { _ in }
        _ = try await Self.router(configuration, statuses: [503], sent: sent).request(Upload())
        let bodies = sent.current.map(\.httpBody)
        #expect(bodies.count == 2)
        #expect(bodies[0] == bodies[1] && bodies[0] != DeflaterTests.body(5_000))
    }

    @Test("A 415 gets exactly one more attempt, uncompressed", arguments: [[415], [415, 415]])
    func unsupportedMediaType(statuses: [Int]) async throws {
        let sent = Locked<[URLRequest]>([])
        let router = Self.router(RouterConfiguration(requestCompression: .gzip()), statuses: statuses, sent: sent)
        let response = try await router.request(Upload())
        let requests = sent.current
        #expect(requests.count == 2)
        #expect(requests.map { $0.value(forHTTPHeaderField: "Content-Encoding") } == ["gzip", nil])
        #expect(requests.last?.httpBody == DeflaterTests.body(5_000))
        #expect(response.statusCode == (statuses.count > 1 ? 415 : 200))
    }
}
