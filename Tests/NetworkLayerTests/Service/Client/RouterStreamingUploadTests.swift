import Foundation
import Testing

@_spi(Transport) @testable import NetworkLayer

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("Router streaming with an upload stream")
struct RouterStreamingUploadTests {
    @Test("Each attempt sends the body the upload stream makes for it, in place of the task's")
    func eachAttemptMakesItsBody() async throws {
        let made = Locked(0)
        let upload = UploadStream(length: 6) {
            made.withLock { $0 += 1 }
            return AsyncThrowingStream { continuation in
                continuation.yield(Data("abc".utf8))
                continuation.yield(Data("def".utf8))
                continuation.finish()
            }
        }
        let bodies = Locked<[String]>([])
        let configuration = RouterConfiguration(
            retryPolicy: RetryPolicy(maximumRetries: 1, initialBackoff: 0, jitter: 0))
        let router = Router<TestEndpoint>(configuration: configuration) { request in
            let attempt = bodies.withLock { bodies in
                bodies.append(String(decoding: request.httpBody ?? Data(), as: UTF8.self))
                return bodies.count
            }
            let url = try #require(request.url)
            let response = HTTPURLResponse(
                url: url, statusCode: attempt == 1 ? 503 : 200, httpVersion: nil, headerFields: nil)
            return (Data("ok".utf8), try #require(response))
        }
        var endpoint = TestEndpoint()
        endpoint.httpMethod = .put
        endpoint.task = .requestData(Data("ignored".utf8))
        let streamed = try await router.stream(endpoint, upload: upload)
        #expect(streamed.response.statusCode == 200)
        #expect(try await streamed.body.collect() == Data("ok".utf8))
        #expect(bodies.withLock { $0 } == ["abcdef", "abcdef"])
        #expect(made.withLock { $0 } == 2)
    }
}
