import Foundation
@_spi(Transport) import NetworkLayer
import Testing

@Suite("Integration: cancellation", .needsHTTPBin)
struct CancellationIntegrationTests {
    @Test("Cancelling a token mid-flight completes once with cancelled, at once", .timeLimit(.minutes(1)))
    func tokenCancelsMidFlight() async throws {
        let router = try HTTPBinPeer.makeRouter()
        let recorder = CompletionRecorder<Result<Response, NetworkError>>()
        let start = ContinuousClock.now

        let token = router.request(.delay(seconds: 10)) { (result: Result<Response, NetworkError>) in
            recorder.record(result)
        }
        try await Task.sleep(for: .milliseconds(200))
        token.cancel()
        let deliveries = await recorder.collect(expected: 1, within: .seconds(10), settle: .milliseconds(500))

        #expect(token.isCancelled)
        try #require(deliveries.count == 1)
        #expect(deliveries[0].value.failure?.kind == .cancelled)
        #expect(start.duration(to: deliveries[0].arrival) < .seconds(8))
    }

    @Test("Cancelling the calling task mid-flight throws cancelled, at once", .timeLimit(.minutes(1)))
    func taskCancelsMidFlight() async throws {
        let router = try HTTPBinPeer.makeRouter()
        let start = ContinuousClock.now

        let request = Task { try await router.request(.delay(seconds: 10)) }
        try await Task.sleep(for: .milliseconds(200))
        request.cancel()
        let result = await request.result

        #expect((result.failure as? NetworkError)?.kind == .cancelled)
        #expect(start.duration(to: .now) < .seconds(8))
    }

    @Test("A task cancelled before it sends throws cancelled without waiting", .timeLimit(.minutes(1)))
    func taskCancelledBeforeSending() async throws {
        let router = try HTTPBinPeer.makeRouter()
        let start = ContinuousClock.now

        let request = Task {
            try? await Task.sleep(for: .seconds(30))  // ends early: the task is cancelled below
            return try await router.request(.delay(seconds: 10))
        }
        request.cancel()
        let result = await request.result

        #expect((result.failure as? NetworkError)?.kind == .cancelled)
        #expect(start.duration(to: .now) < .seconds(8))  // far below the 10 s the server would take
    }

    @Test("The article-shaped completion runs once, with the error and no data", .timeLimit(.minutes(1)))
    func articleCompletionCancels() async throws {
        let router = try HTTPBinPeer.makeRouter()
        let recorder = CompletionRecorder<String>()

        let token = router.request(.delay(seconds: 10)) { data, response, error in
            let cancelled = (error as? NetworkError)?.kind == .cancelled
            recorder.record("data=\(data != nil) response=\(response != nil) cancelled=\(cancelled)")
        }
        try await Task.sleep(for: .milliseconds(200))
        token.cancel()
        let deliveries = await recorder.collect(expected: 1, within: .seconds(10))

        #expect(deliveries.map(\.value) == ["data=false response=false cancelled=true"])
    }
}

extension Result {
    /// The error, if this is a failure.
    var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
