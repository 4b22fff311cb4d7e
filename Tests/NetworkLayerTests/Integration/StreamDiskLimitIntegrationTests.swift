import Foundation
import TestSupport
import Testing

@testable import NetworkLayer

#if !NETWORKLAYER_ASYNC_HTTP_CLIENT  // Foundation's transport is the one that keeps a backlog on disk
@Suite("Integration: a streamed body's backlog on disk stops at the limit", .needsHTTPBin, .timeLimit(.minutes(1)))
struct StreamDiskLimitIntegrationTests {
    @Test(
        "A reader that waits for the end of a 100 KB body gets it whole under a large limit, and the error under a small one",
        arguments: [(16_384, false), (200_000, true)])
    func limit(_ limit: Int, whole: Bool) async throws {
        _ = try HTTPBinPeer.requireURL()
        var configuration = RouterConfiguration()
        configuration.maximumStreamBacklogOnDisk = limit
        let router = Router<HTTPBinEndpoint>(
            configuration: configuration, transport: URLSessionTransport(streamWindow: 4_096))
        let streamed = try await router.stream(.range(bytes: 102_400))
        // Nothing is read until the body has ended: arrived whole, or stopped at the limit.
        await withCheckedContinuation { ended in streamed.body.channel.whenEnded { ended.resume() } }
        #expect(streamed.body.backlog.disk <= limit)
        var received = 0
        var failure: NetworkError?
        do {
            for try await chunk in streamed.body { received += chunk.count }
        } catch let error as NetworkError {
            failure = error
        }
        if whole {
            #expect(failure == nil)
            #expect(received == 102_400)
        } else {
            guard case .responseTooLarge(let reported, _) = failure else {
                Issue.record("expected responseTooLarge, got \(String(describing: failure))")
                return
            }
            #expect(reported == limit)
            #expect(received <= 4_096)
        }
    }
}
#endif
