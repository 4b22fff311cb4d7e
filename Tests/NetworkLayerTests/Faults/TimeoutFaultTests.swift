import Foundation
@_spi(Transport) import NetworkLayer
import Testing

/// A server that accepts the request and never answers: the library as it is today, without a retry policy.
@Suite("Faults: stalled server", .needsFaultServer)
struct TimeoutFaultTests {
    @Test(
        "A 1 s endpoint timeout against a stalled server throws timedOut after about a second", .timeLimit(.minutes(1)))
    func stallTimesOut() async throws {
        let router = try FaultServerPeer.makeRouter()
        let start = ContinuousClock.now

        let error = await #expect(throws: NetworkError.self) {
            try await router.request(.stall(seconds: 6, timeout: 1))
        }

        let elapsed = start.duration(to: .now)
        guard (try #require(error)).kind == .timedOut else {
            Issue.record("expected NetworkError.timedOut, got \(String(describing: error))")
            return
        }
        // The stall outlasts the test; only the timeout can end it, and not before its time.
        #expect(elapsed >= .milliseconds(900))
    }

    @Test("A stalled request completes exactly once, with timedOut", .timeLimit(.minutes(1)))
    func stallCompletesOnce() async throws {
        let router = try FaultServerPeer.makeRouter()
        let recorder = CompletionRecorder<Result<Response, NetworkError>>()

        router.request(.stall(seconds: 6, timeout: 1)) { (result: Result<Response, NetworkError>) in
            recorder.record(result)
        }
        let deliveries = await recorder.collect(expected: 1, within: .seconds(10), settle: .milliseconds(1500))

        try #require(deliveries.count == 1, "expected exactly one completion, got \(deliveries.count)")
        guard deliveries[0].value.failure?.kind == .timedOut else {
            Issue.record("expected NetworkError.timedOut, got \(String(describing: deliveries[0].value))")
            return
        }
    }
}
