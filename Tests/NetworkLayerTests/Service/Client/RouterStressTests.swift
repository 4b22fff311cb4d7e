import Foundation
@_spi(Transport) import NetworkLayer
import TestSupport
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Many tasks sending, completing, cancelling and retrying through one router at once.
///
/// Each request carries its index in the query and the fake server echoes the query back, so an
/// outcome delivered to the wrong request shows. `scripts/test.sh` runs these under Thread Sanitizer.
@Suite("Router: many tasks at once")
struct RouterStressTests {
    private static let count = 400
    private static let workers = 8

    /// The `?i=<index>` endpoint; its echoed body is `i=<index>`.
    private static func endpoint(_ index: Int) -> TestEndpoint {
        TestEndpoint(
            task: .requestParameters(bodyParameters: nil, bodyEncoding: .urlEncoding, urlParameters: ["i": index]))
    }

    /// The query of `request`, which identifies it.
    private static func query(of request: URLRequest) -> String {
        request.url?.query ?? ""
    }

    /// Answers each request with its own query after a random pause of up to a millisecond.
    private static func echoServer() -> ClosureTransport {
        ClosureTransport { request in
            try await Task.sleep(nanoseconds: UInt64.random(in: 0...1_000_000))
            return (Data(query(of: request).utf8), .stub(200, url: request.url))
        }
    }

    /// `"own body"` for a 200 that echoes its own request, `"status <n>"` for another status, otherwise the
    /// error's kind.
    private static func outcome(_ result: Result<Response, NetworkError>, index: Int) -> String {
        guard case .success(let response) = result else { return result.errorKind }
        guard response.statusCode == 200 else { return "status \(response.statusCode)" }
        let body = String(decoding: response.data, as: UTF8.self)
        return body == "i=\(index)" ? "own body" : "wrong body \(body)"
    }

    /// Runs `send` for each index in `0..<count` from `workers` tasks at once, each pausing briefly
    /// between sends so that sends, completions and cancellations interleave.
    private static func fromManyTasks(_ send: @escaping @Sendable (Int) -> Void) async {
        await withTaskGroup(of: Void.self) { group in
            for worker in 0..<workers {
                group.addTask {
                    for index in stride(from: worker, to: count, by: workers) {
                        send(index)
                        try? await Task.sleep(nanoseconds: 100_000)
                    }
                }
            }
        }
    }

    /// Sends requests `0..<count` with completion handlers from many tasks at once, recording their
    /// outcomes; `afterEach` runs after each send with its index and token.
    private static func sendFromManyTasks(
        through router: Router<TestEndpoint>,
        into outcomes: Locked<[Int: [String]]>,
        afterEach: @escaping @Sendable (Int, CancellationToken) -> Void = { _, _ in }
    ) async {
        await fromManyTasks { index in
            let token = router.request(endpoint(index)) { (result: Result<Response, NetworkError>) in
                outcomes.withLock { $0[index, default: []].append(outcome(result, index: index)) }
            }
            afterEach(index, token)
        }
    }

    /// Calls `router.cancel()` every two milliseconds for a while, so it lands amid sends and completions.
    private static func cancelRepeatedly(_ router: Router<TestEndpoint>) async {
        for _ in 0..<10 {
            try? await Task.sleep(nanoseconds: 2_000_000)
            router.cancel()
        }
    }

    /// Waits for every request to report, gives late duplicates a moment, and returns each request's outcomes.
    private static func collect(_ outcomes: Locked<[Int: [String]]>) async -> [[String]] {
        _ = await eventually { outcomes.current.count == count }
        await settle()
        return (0..<count).map { outcomes.current[$0] ?? [] }
    }

    @Test(
        "cancel() racing completions: each request completes exactly once, with its own body or cancelled",
        arguments: [false, true])
    func cancelAllRacingCompletions(onCompletionQueue: Bool) async {
        let queue = onCompletionQueue ? DispatchQueue(label: "RouterStressTests.completions") : nil
        let router = Router<TestEndpoint>(
            configuration: RouterConfiguration(completionQueue: queue), transport: Self.echoServer())
        let outcomes = Locked([Int: [String]]())
        async let cancelling: Void = Self.cancelRepeatedly(router)
        await Self.sendFromManyTasks(through: router, into: outcomes)
        await cancelling
        let results = await Self.collect(outcomes)
        #expect(results.filter { $0.count != 1 }.isEmpty)
        #expect(results.joined().allSatisfy { $0 == "own body" || $0 == "cancelled" })
    }

    @Test("tokens cancelled from other tasks while their requests complete: exactly one completion each")
    func tokensRacingCompletions() async {
        let router = Router<TestEndpoint>(transport: Self.echoServer())
        let outcomes = Locked([Int: [String]]())
        let tokens = Locked([CancellationToken]())
        await Self.sendFromManyTasks(through: router, into: outcomes) { _, token in
            tokens.withLock { $0.append(token) }
            Task {
                try? await Task.sleep(nanoseconds: UInt64.random(in: 0...1_000_000))
                token.cancel()
            }
        }
        let results = await Self.collect(outcomes)
        #expect(results.filter { $0.count != 1 }.isEmpty)
        #expect(results.joined().allSatisfy { $0 == "own body" || $0 == "cancelled" })
        #expect(tokens.current.count == Self.count)
        #expect(tokens.current.allSatisfy { $0.isCancelled })
    }

    @Test("async requests from many tasks while cancel() fires: each returns once, none hangs")
    func asyncRequestsRacingCancelAll() async {
        let router = Router<TestEndpoint>(transport: Self.echoServer())
        let outcomes = Locked([Int: [String]]())
        async let cancelling: Void = Self.cancelRepeatedly(router)
        await Self.fromManyTasks { index in
            Task {
                let result: Result<Response, NetworkError>
                do throws(NetworkError) {
                    result = .success(try await router.request(Self.endpoint(index)))
                } catch {
                    result = .failure(error)
                }
                outcomes.withLock { $0[index, default: []].append(Self.outcome(result, index: index)) }
            }
        }
        await cancelling
        let results = await Self.collect(outcomes)
        #expect(results.filter { $0.count != 1 }.isEmpty)
        #expect(results.joined().allSatisfy { $0 == "own body" || $0 == "cancelled" })
    }

    @Test("concurrent retries: each request is sent three times and completes once with its own 200")
    func concurrentRetries() async {
        let calls = Locked([String: Int]())
        let server = ClosureTransport { request in
            let id = Self.query(of: request)
            let attempt = calls.withLock { calls -> Int in
                calls[id, default: 0] += 1
                return calls[id, default: 0]
            }
            await Task.yield()
            switch attempt {
            case 1: return (Data(), .stub(503, url: request.url))
            case 2: throw URLError(.networkConnectionLost)
            default: return (Data(id.utf8), .stub(200, url: request.url))
            }
        }
        let sleeps = Locked(0)
        let configuration = RouterConfiguration(retryPolicy: RetryPolicy(maximumRetries: 3)).sleeping { _ in
            sleeps.increment()
            try await Task.sleep(nanoseconds: UInt64.random(in: 0...500_000))
        }
        let router = Router<TestEndpoint>(configuration: configuration, transport: server)
        let outcomes = Locked([Int: [String]]())
        await Self.sendFromManyTasks(through: router, into: outcomes)
        let results = await Self.collect(outcomes)
        #expect(results.allSatisfy { $0 == ["own body"] })
        #expect(calls.current.count == Self.count)
        #expect(calls.current.values.allSatisfy { $0 == 3 })
        #expect(sleeps.current == 2 * Self.count)
    }

    @Test("cancelling half of many retrying requests mid-backoff: the others still finish every attempt")
    func retriesRacingCancellation() async {
        let maximumRetries = 4
        let calls = Locked([String: Int]())
        let server = ClosureTransport { request in
            calls.withLock { $0[Self.query(of: request), default: 0] += 1 }
            return (Data(), .stub(503, url: request.url))
        }
        let configuration = RouterConfiguration(retryPolicy: RetryPolicy(maximumRetries: maximumRetries)).sleeping {
            _ in
            try await Task.sleep(nanoseconds: UInt64.random(in: 0...1_000_000))
        }
        let router = Router<TestEndpoint>(configuration: configuration, transport: server)
        let outcomes = Locked([Int: [String]]())
        await Self.sendFromManyTasks(through: router, into: outcomes) { index, token in
            if index % 2 == 0 { Task { token.cancel() } }
        }
        let results = await Self.collect(outcomes)
        #expect(results.filter { $0.count != 1 }.isEmpty)
        let attempts = calls.current
        for (index, outcome) in results.enumerated() where index % 2 == 1 {
            #expect(outcome == ["status 503"], "request \(index)")
            #expect(attempts["i=\(index)"] == maximumRetries + 1, "request \(index)")
        }
        for (index, outcome) in results.enumerated() where index % 2 == 0 {
            #expect(outcome == ["cancelled"] || outcome == ["status 503"], "request \(index)")
            #expect((attempts["i=\(index)"] ?? 0) <= maximumRetries + 1, "request \(index)")
        }
    }
}
