import Foundation
@_spi(Transport) import NetworkLayer
import TestSupport
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("RequestPipeline: retries")
struct RequestPipelineTests {
    private func router(
        _ transport: ClosureTransport,
        policy: RetryPolicy? = .exact,
        sleeper: SleepRecorder = SleepRecorder()
    ) -> Router<PipelineEndpoint> {
        Router(
            configuration: RouterConfiguration(retryPolicy: policy).sleeping(with: sleeper.sleep), transport: transport)
    }

    @Test("a retryable status is retried until it succeeds", arguments: [408, 429, 500, 502, 503, 504])
    func retriesUntilSuccess(status: Int) async throws {
        let calls = Locked(0)
        let sleeper = SleepRecorder()
        let router = router(sequenceTransport([status, 200], calls: calls), sleeper: sleeper)
        let response = try await router.request(PipelineEndpoint())
        #expect(response.statusCode == 200)
        #expect(calls.current == 2)
        #expect(sleeper.delays == [0.5])
    }

    @Test("at most maximumRetries retries, then the last outcome is returned", arguments: [0, 1, 2, 5])
    func maximumRetries(maximum: Int) async throws {
        let calls = Locked(0)
        let sleeper = SleepRecorder()
        let policy = RetryPolicy(maximumRetries: maximum, jitter: 0)
        let response = try await router(sequenceTransport([503], calls: calls), policy: policy, sleeper: sleeper)
            .request(PipelineEndpoint())
        #expect(response.statusCode == 503)
        #expect(calls.current == maximum + 1)
        #expect(sleeper.delays == (0..<maximum).map { 0.5 * pow(2, Double($0)) })
    }

    @Test("the default policy waits 0.5 s then 1 s, with bounded jitter")
    func defaultBackoff() async throws {
        let calls = Locked(0)
        let sleeper = SleepRecorder()
        _ = try await router(sequenceTransport([503], calls: calls), policy: RetryPolicy(), sleeper: sleeper)
            .request(PipelineEndpoint())
        #expect(calls.current == 3)
        let delays = sleeper.delays
        try #require(delays.count == 2)
        #expect(delays[0] >= 0.4 && delays[0] <= 0.6)
        #expect(delays[1] >= 0.8 && delays[1] <= 1.2)
    }

    @Test(
        "retryable transport errors are retried, others are not",
        arguments: [
            (URLError.Code.timedOut, 3), (.networkConnectionLost, 3), (.cannotConnectToHost, 3),
            (.cannotFindHost, 3), (.dnsLookupFailed, 3), (.notConnectedToInternet, 1), (.badURL, 1),
        ] as [(URLError.Code, Int)])
    func transportErrors(code: URLError.Code, attempts: Int) async {
        let calls = Locked(0)
        let transport = ClosureTransport { _ in
            calls.increment()
            throw URLError(code)
        }
        await #expect(throws: NetworkError.self) { try await router(transport).request(PipelineEndpoint()) }
        #expect(calls.current == attempts)
    }

    @Test(
        "only idempotent methods are retried unless the endpoint opts in",
        arguments: [
            (HTTPMethod.get, nil, 3), (.put, nil, 3), (.delete, nil, 3), (.post, nil, 1), (.patch, nil, 1),
            (.post, true, 3), (.get, false, 1),
        ] as [(HTTPMethod, Bool?, Int)])
    func idempotency(method: HTTPMethod, idempotent: Bool?, attempts: Int) async throws {
        let calls = Locked(0)
        let endpoint = PipelineEndpoint(httpMethod: method, idempotent: idempotent)
        let response = try await router(sequenceTransport([503], calls: calls)).request(endpoint)
        #expect(response.statusCode == 503)
        #expect(calls.current == attempts)
    }

    @Test("an endpoint's policy overrides the router's, both ways")
    func endpointOverride() async throws {
        let calls = Locked(0)
        _ = try await router(sequenceTransport([503], calls: calls))
            .request(PipelineEndpoint(retryPolicy: .never))
        #expect(calls.current == 1)

        calls.withLock { $0 = 0 }
        _ = try await router(sequenceTransport([503], calls: calls), policy: nil)
            .request(PipelineEndpoint(retryPolicy: RetryPolicy(maximumRetries: 1, jitter: 0)))
        #expect(calls.current == 2)
    }

    @Test("without a policy nothing is retried")
    func noPolicy() async throws {
        let calls = Locked(0)
        let response = try await router(sequenceTransport([503, 200], calls: calls), policy: nil)
            .request(PipelineEndpoint())
        #expect(response.statusCode == 503)
        #expect(calls.current == 1)
    }

    /// (Retry-After, the waits slept, the final status)
    @Test(
        "Retry-After sets the wait; one beyond the policy's cap returns the response at once",
        arguments: [("2", [2.0], 200), ("30", [30], 200), ("31", [], 429), ("86400", [], 429)])
    func retryAfter(header: String, expected: [TimeInterval], status: Int) async throws {
        let calls = Locked(0)
        let sleeper = SleepRecorder()
        let policy = RetryPolicy(maximumRetries: 1, jitter: 0, maximumRetryAfter: 30)
        let transport = sequenceTransport([429, 200], headers: ["Retry-After": header], calls: calls)
        let response = try await router(transport, policy: policy, sleeper: sleeper).request(PipelineEndpoint())
        #expect(response.statusCode == status)
        #expect(sleeper.delays == expected)
        #expect(calls.current == expected.count + 1)
    }

    @Test("a wait longer than the deadline has left returns the response at once, not a bare timeout")
    func retryAfterBeyondDeadline() async throws {
        let calls = Locked(0)
        let sleeper = SleepRecorder()
        // Far apart, so that however slowly the first attempt runs, the wait outlasts what is left.
        let transport = sequenceTransport([503, 200], headers: ["Retry-After": "3000"], calls: calls)
        let configuration = RouterConfiguration(
            retryPolicy: RetryPolicy(maximumRetries: 1, maximumRetryAfter: 6000), deadline: 300
        ).sleeping(with: sleeper.sleep)
        let router = Router<PipelineEndpoint>(configuration: configuration, transport: transport)

        let error = await #expect(throws: NetworkError.self) {
            try await NetworkManager(router: router).response(for: PipelineEndpoint())
        }

        guard let response = (try #require(error)).response(ifKind: .serverError) else {
            Issue.record("expected serverError carrying the 503, got \(String(describing: error))")
            return
        }
        #expect(response.retryAfter == 3000)
        #expect(calls.current == 1)
        #expect(sleeper.delays.isEmpty)
    }

    @Test("cancelling during the backoff stops at once with .cancelled and one completion")
    func cancelDuringBackoff() async {
        let calls = Locked(0)
        let policy = RetryPolicy(maximumRetries: 2, initialBackoff: 600, jitter: 0)
        let router = Router<PipelineEndpoint>(
            configuration: RouterConfiguration(retryPolicy: policy), transport: sequenceTransport([503], calls: calls))
        let results = Locked<[String]>([])
        let started = Date()
        let token = router.request(PipelineEndpoint()) { (result: Result<Response, NetworkError>) in
            results.withLock { $0.append(result.errorKind) }
        }
        #expect(await eventually { calls.current == 1 })
        try? await Task.sleep(nanoseconds: 20_000_000)
        token.cancel()
        #expect(await eventually { results.current.count == 1 })
        await settle()
        #expect(results.current == ["cancelled"])
        #expect(calls.current == 1)
        #expect(Date().timeIntervalSince(started) < 60)
    }

    @Test("cancelling the calling task during the backoff throws .cancelled")
    func cancelTaskDuringBackoff() async {
        let calls = Locked(0)
        let policy = RetryPolicy(initialBackoff: 600, jitter: 0)
        let router = Router<PipelineEndpoint>(
            configuration: RouterConfiguration(retryPolicy: policy), transport: sequenceTransport([500], calls: calls))
        let outcome = Locked<String?>(nil)
        let task = Task {
            do throws(NetworkError) {
                _ = try await router.request(PipelineEndpoint())
                outcome.withLock { $0 = "success" }
            } catch {
                outcome.withLock { $0 = error.kind.name }
            }
        }
        #expect(await eventually { calls.current == 1 })
        task.cancel()
        #expect(await eventually { outcome.current != nil })
        #expect(outcome.current == "cancelled")
        #expect(calls.current == 1)
    }

    @Test("each attempt passes through the plugins again")
    func pluginsPerAttempt() async throws {
        let calls = Locked(0)
        let attempts = Locked<[Int]>([])
        let plugin = RecordingPlugin { event, context in
            if event == "willSend" { attempts.withLock { $0.append(context.attempt) } }
        }
        let router = Router<PipelineEndpoint>(
            configuration: RouterConfiguration(plugins: [plugin], retryPolicy: .exact).sleeping(
                with: SleepRecorder().sleep),
            transport: sequenceTransport([503, 502, 200], calls: calls))
        _ = try await router.request(PipelineEndpoint())
        #expect(attempts.current == [1, 2, 3])
    }
}
