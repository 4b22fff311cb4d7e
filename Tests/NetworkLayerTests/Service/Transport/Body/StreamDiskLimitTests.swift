import Foundation
import TestSupport
import Testing

@_spi(Transport) @testable import NetworkLayer

@Suite("Streamed bodies waiting on disk stop at the router's limit")
struct StreamDiskLimitTests {
    /// A transport that cannot pause, as Foundation's on Linux: 100 bytes wait in memory, the rest on disk.
    /// It writes `before` chunks of 100 bytes before it returns the head; the test writes the rest.
    final class SpillingTransport: HTTPTransport {
        let before: Int
        let writer = Locked<ResponseBodyWriter?>(nil)
        let stopped = Locked(false)

        init(before: Int) {
            self.before = before
        }

        func send(_ request: TransportRequest) async throws -> TransportResponse {
            guard let url = request.head.url, let head = ResponseHead(statusCode: 200, headers: [:], url: url) else {
                throw NetworkError(.badResponse, detail: "no URL")
            }
            let stopped = stopped
            let (body, writer) = ResponseBody.makeStream(window: 100, spillsPastWindow: true) {
                stopped.withLock { $0 = true }
            }
            for _ in 0..<before { writer.write(Data(repeating: 7, count: 100)) }
            self.writer.withLock { $0 = writer }
            return TransportResponse(head: head, body: body)
        }
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var limit: Int?
        var before: Int
        var after: Int
        /// Whether the reader gets the whole body; otherwise `responseTooLarge` with `limit`.
        var whole: Bool
        var testDescription: String {
            "limit \(limit.map(String.init) ?? "none"), \(before)+\(after) chunks of 100 B → \(whole ? "whole" : "too large")"
        }
    }

    @Test(
        "A reader that lags gets the body while its backlog on disk stays within the limit, and the error past it",
        arguments: [
            Case(limit: 1_000, before: 0, after: 50, whole: false),
            Case(limit: 1_000, before: 50, after: 0, whole: false),
            Case(limit: 0, before: 0, after: 2, whole: false),
            Case(limit: 0, before: 0, after: 1, whole: true),
            Case(limit: 4_900, before: 20, after: 30, whole: true),
            Case(limit: 4_899, before: 20, after: 30, whole: false),
            Case(limit: nil, before: 0, after: 50, whole: true),
        ])
    func limit(_ test: Case) async throws {
        let transport = SpillingTransport(before: test.before)
        var configuration = RouterConfiguration()
        configuration.maximumStreamBacklogOnDisk = test.limit
        let router = Router<TestEndpoint>(configuration: configuration, transport: transport)
        let streamed = try await router.stream(TestEndpoint())
        let writer = try #require(transport.writer.withLock { $0 })
        for _ in 0..<test.after { writer.write(Data(repeating: 7, count: 100)) }
        writer.finish()
        #expect(streamed.body.backlog.disk <= test.limit ?? .max)
        if test.whole {
            let data = try await streamed.body.collect()
            #expect(data.count == 100 * (test.before + test.after))
            #expect(!transport.stopped.current)
        } else {
            var read = 0
            var failure: NetworkError?
            do {
                for try await chunk in streamed.body { read += chunk.count }
            } catch let error as NetworkError {
                failure = error
            }
            guard let limit = failure?.sizeLimit else {
                Issue.record("expected responseTooLarge, got \(String(describing: failure))")
                return
            }
            #expect(limit == test.limit)
            #expect(failure?.detail?.contains("waited on disk") == true)
            #expect(read <= 100 + (test.limit ?? 0))
            #expect(streamed.body.backlog == (0, 0))
            #expect(transport.stopped.current)
        }
    }

    @Test("The limit defaults to 256 MB")
    func defaultLimit() {
        #expect(RouterConfiguration().maximumStreamBacklogOnDisk == 256 * 1024 * 1024)
        #expect(RouterConfiguration.defaultMaximumStreamBacklogOnDisk == 268_435_456)
    }
}
