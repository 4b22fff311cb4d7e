import Foundation
@_spi(Transport) import NetworkLayer
import TestSupport
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("Deadline")
struct DeadlineTests {
    /// A transport that sleeps `seconds` before answering 200, and records whether it was cancelled.
    private func slow(
        _ seconds: Double,
        cancelled: Locked<Bool> = Locked(false),
        entered: Locked<Int> = Locked(0)
    ) -> ClosureTransport {
        ClosureTransport { request in
            entered.increment()
            do {
                try await Task.sleep(nanoseconds: UInt64(seconds * 1e9))
            } catch {
                cancelled.withLock { $0 = true }
                throw error
            }
            return (Data(), .stub(200, url: request.url))
        }
    }

    @Test("a sub-second deadline times out quickly and cancels the transfer", arguments: [0.05, 0.2, 0.5])
    func subSecond(deadline: TimeInterval) async {
        let cancelled = Locked(false)
        let entered = Locked(0)
        let router = Router<PipelineEndpoint>(
            configuration: RouterConfiguration(deadline: deadline),
            transport: slow(600, cancelled: cancelled, entered: entered))
        let started = Date()
        await #expect {
            try await router.request(PipelineEndpoint())
        } throws: { error in
            guard case NetworkError.Kind.timedOut = error else { return false }
            return true
        }
        // The transport sleeps 600 s: only the deadline can end the request, and not before its time.
        #expect(Date().timeIntervalSince(started) >= deadline * 0.9)
        // Under load the deadline may pass before the transport is even reached; either way nothing keeps running.
        #expect(await eventually { entered.current == 0 || cancelled.current })
    }

    @Test("the deadline spans retries: it keeps running through the backoff and the next attempt")
    func spansRetries() async {
        let calls = Locked(0)
        let cancelled = Locked(false)
        let stalling = slow(600, cancelled: cancelled)
        let transport = ClosureTransport { request in
            // The first attempt fails at once; the retry stalls until the deadline cancels it.
            guard calls.increment() > 1 else { return (Data(), .stub(503, url: request.url)) }
            let response = try await stalling.send(TransportRequest(head: request))
            return (try await response.body.collect(), response.head.httpURLResponse)
        }
        let sleeper = SleepRecorder()
        let policy = RetryPolicy(maximumRetries: 50, jitter: 0)
        let router = Router<PipelineEndpoint>(
            // Long enough that the 0.5 s backoff fits in what is left of it however slowly a loaded machine runs
            // the first attempt (under Thread Sanitizer with every suite at once, it took more than 3.5 s).
            configuration: RouterConfiguration(retryPolicy: policy, deadline: 20).sleeping(with: sleeper.sleep),
            transport: transport)
        let results = Locked<[String]>([])
        let started = Date()
        router.request(PipelineEndpoint()) { (result: Result<Response, NetworkError>) in
            results.withLock { $0.append(result.errorKind) }
        }
        #expect(await eventually { results.current.count == 1 })
        #expect(Date().timeIntervalSince(started) >= 18)
        await settle()
        #expect(results.current == ["timedOut"])
        #expect(calls.current == 2)
        #expect(sleeper.delays == [0.5])
        #expect(await eventually { cancelled.current })
    }

    @Test("an endpoint's deadline overrides the router's, both ways")
    func endpointOverride() async throws {
        let strict = Router<PipelineEndpoint>(configuration: RouterConfiguration(), transport: slow(600))
        await #expect(throws: NetworkError.self) { try await strict.request(PipelineEndpoint(deadline: 0.1)) }

        let lenient = Router<PipelineEndpoint>(configuration: RouterConfiguration(deadline: 0.05), transport: slow(0.2))
        #expect(try await lenient.request(PipelineEndpoint(deadline: 300)).statusCode == 200)
    }

    @Test("a request that beats its deadline completes normally, exactly once")
    func beatsDeadline() async {
        let router = Router<PipelineEndpoint>(configuration: RouterConfiguration(deadline: 300), transport: slow(0.01))
        let results = Locked<[String]>([])
        router.request(PipelineEndpoint()) { (result: Result<Response, NetworkError>) in
            results.withLock { $0.append(result.errorKind) }
        }
        #expect(await eventually { results.current.count == 1 })
        await settle()
        #expect(results.current == ["success"])
    }

    @Test("cancelling a request that has a deadline completes it once with .cancelled")
    func cancelWithDeadline() async {
        let cancelled = Locked(false)
        let entered = Locked(0)
        let router = Router<PipelineEndpoint>(
            configuration: RouterConfiguration(deadline: 30),
            transport: slow(600, cancelled: cancelled, entered: entered))
        let results = Locked<[String]>([])
        let token = router.request(PipelineEndpoint()) { (result: Result<Response, NetworkError>) in
            results.withLock { $0.append(result.errorKind) }
        }
        #expect(await eventually { entered.current == 1 })
        token.cancel()
        #expect(await eventually { results.current.count == 1 })
        await settle()
        #expect(results.current == ["cancelled"])
        #expect(await eventually { cancelled.current })
    }

    @Test("router.cancel() reaches requests that have a deadline")
    func routerCancel() async {
        let entered = Locked(0)
        let router = Router<PipelineEndpoint>(
            configuration: RouterConfiguration(deadline: 30), transport: slow(600, entered: entered))
        let results = Locked<[String]>([])
        for _ in 0..<3 {
            router.request(PipelineEndpoint()) { (result: Result<Response, NetworkError>) in
                results.withLock { $0.append(result.errorKind) }
            }
        }
        #expect(await eventually { entered.current == 3 })
        router.cancel()
        #expect(await eventually { results.current.count == 3 })
        await settle()
        #expect(results.current == ["cancelled", "cancelled", "cancelled"])
    }
}
