import BeagleAdapter
import Dispatch
import Foundation
import NetworkLayer
import TestSupport
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("CachingViewClient")
struct CachingViewClientTests {
    static let queueKey = DispatchSpecificKey<String>()
    let queue: DispatchQueue = {
        let queue = DispatchQueue(label: "CachingViewClientTests.completions")
        queue.setSpecific(key: CachingViewClientTests.queueKey, value: "completions")
        return queue
    }()
    let network = ManualNetworkClient()
    let clock = Locked(Date(timeIntervalSince1970: 1_000))

    func makeClient(capacity: Int = 8, timeToLive: TimeInterval = 60) -> CachingViewClient {
        let clock = self.clock
        return CachingViewClient(
            networkClient: network,
            coder: TextCoder(),
            urlBuilder: UrlBuilder(baseUrl: URL(string: "https://beagle.test")),
            cacheCapacity: capacity,
            timeToLive: timeToLive,
            completionQueue: queue,
            now: { clock.current }
        )
    }

    /// Fetches `path`, answering the request (if one is made) with `path` as the body.
    ///
    /// Waits for whichever comes first, the screen from the cache or its request, not for a time: a loaded
    /// machine may take long to send the request.
    func load(_ client: CachingViewClient, _ path: String) async throws -> String? {
        let before = network.requestCount.current
        let served = Locked(false)
        async let result = {
            defer { served.withLock { $0 = true } }
            return await client.screen(path)
        }()
        _ = await eventually { served.current || network.requestCount.current > before }
        if network.requestCount.current > before {
            try network.succeedNext(body: path)
        }
        return try (await result.get() as? TextScreen)?.text
    }

    @Test("A fetched screen is served from the cache")
    func cacheHit() async throws {
        let client = makeClient()
        #expect(try await load(client, "/a") == "/a")
        #expect(try await load(client, "/a") == "/a")
        #expect(network.requestCount.current == 1)
    }

    @Test("The least recently used screen is evicted when the cache is full")
    func lruEviction() async throws {
        let client = makeClient(capacity: 2)
        _ = try await load(client, "/a")
        _ = try await load(client, "/b")
        _ = try await load(client, "/a")
        #expect(network.requestCount.current == 2)
        _ = try await load(client, "/c")
        #expect(network.requestCount.current == 3)
        _ = try await load(client, "/a")
        #expect(network.requestCount.current == 3)
        _ = try await load(client, "/b")
        #expect(network.requestCount.current == 4)
    }

    @Test("A cached screen expires after the time to live")
    func ttlExpiry() async throws {
        let client = makeClient(timeToLive: 30)
        _ = try await load(client, "/a")
        clock.withLock { $0 = $0.addingTimeInterval(29) }
        _ = try await load(client, "/a")
        #expect(network.requestCount.current == 1)
        clock.withLock { $0 = $0.addingTimeInterval(1) }
        _ = try await load(client, "/a")
        #expect(network.requestCount.current == 2)
    }

    @Test("A prefetch and fetches of the same screen share one request")
    func sharedInFlight() async throws {
        let client = makeClient()
        client.prefetch(url: "/a", additionalData: nil)
        async let first = client.screen("/a")
        async let second = client.screen("/a")
        #expect(await eventually { network.requestCount.current == 1 })
        try await Task.sleep(nanoseconds: 50_000_000)
        #expect(network.requestCount.current == 1)
        try network.succeedNext(body: "shared")
        #expect(try (await first.get() as? TextScreen)?.text == "shared")
        #expect(try (await second.get() as? TextScreen)?.text == "shared")
        #expect(network.requestCount.current == 1)
    }

    @Test("Different additional data is a different screen")
    func additionalDataIsPartOfTheKey() async throws {
        let client = makeClient()
        client.prefetch(url: "/a", additionalData: nil)
        client.prefetch(url: "/a", additionalData: HttpAdditionalData(httpData: nil, headers: ["X": "1"]))
        #expect(await eventually { network.requestCount.current == 2 })
    }

    @Test("A prefetched screen is served without a new request")
    func prefetchFillsCache() async throws {
        let client = makeClient()
        client.prefetch(url: "/a", additionalData: nil)
        #expect(await eventually { network.requestCount.current == 1 })
        try network.succeedNext(body: "prefetched")
        #expect(try (await client.screen("/a").get() as? TextScreen)?.text == "prefetched")
        #expect(network.requestCount.current == 1)
    }

    @Test("Failures are not cached", arguments: ["transport", "decoding"])
    func failuresNotCached(kind: String) async throws {
        let client = makeClient()
        async let failed = client.screen("/a")
        #expect(await eventually { network.requestCount.current == 1 })
        if kind == "transport" { try network.failNext() } else { try network.succeedNext(body: "fail") }
        switch await failed {
        case .failure(.networkError(let error)): #expect(kind == "transport" && (error.error as? URLError) != nil)
        case .failure(.decoding): #expect(kind == "decoding")
        default: Issue.record("expected a \(kind) failure")
        }
        #expect(try await load(client, "/a") == "/a")
        #expect(network.requestCount.current == 2)
    }

    @Test("Completions of requests and errors run on the chosen queue; a cache hit on the caller's thread")
    func completionQueue() async throws {
        let client = makeClient()
        let labels = Locked<[String?]>([])
        let record: @Sendable (Result<any ServerDrivenComponent, Request.Error>) -> Void = { _ in
            labels.withLock { $0.append(DispatchQueue.getSpecific(key: CachingViewClientTests.queueKey)) }
        }
        client.fetch(url: "/a", additionalData: nil, completion: record)
        #expect(await eventually { network.requestCount.current == 1 })
        try network.succeedNext(body: "a")
        #expect(await eventually { labels.current.count == 1 })
        client.fetch(url: "/a", additionalData: nil, completion: record)
        client.fetch(url: "", additionalData: nil, completion: record)
        #expect(await eventually { labels.current.count == 3 })
        #expect(labels.current == ["completions", nil, "completions"])
    }

    @Test("A cache hit completes before fetch returns, as Beagle's view client does, and returns no token")
    func cacheHitIsSynchronous() async throws {
        let client = makeClient()
        _ = try await load(client, "/a")
        let completed = Locked<String?>(nil)
        let token = client.fetch(url: "/a", additionalData: nil) { result in
            completed.withLock { $0 = (try? result.get() as? TextScreen)?.text }
        }
        #expect(completed.current == "/a")
        #expect(token == nil)
        #expect(network.requestCount.current == 1)
    }

    @Test("A screen not yet cached completes later, on the chosen queue, never before fetch returns")
    func missIsAsynchronous() async throws {
        let client = makeClient()
        let completed = Locked(false)
        let token = client.fetch(url: "/a", additionalData: nil) { _ in completed.withLock { $0 = true } }
        #expect(!completed.current)
        #expect(token != nil)
        #expect(await eventually { network.requestCount.current == 1 })
        try network.succeedNext(body: "a")
        #expect(await eventually { completed.current })
    }

    @Test("An unbuildable URL fails with urlBuilderError and sends nothing")
    func urlBuilderError() async {
        let result = await makeClient().screen("")
        guard case .failure(.urlBuilderError) = result else {
            Issue.record("expected urlBuilderError, got \(result)")
            return
        }
        #expect(network.requestCount.current == 0)
    }

    @Test("Cancelling the only fetch completes it once and cancels the request")
    func cancelOnlyFetch() async throws {
        let client = makeClient()
        let results = Locked<[Result<any ServerDrivenComponent, Request.Error>]>([])
        let token = client.fetch(url: "/a", additionalData: nil) { result in results.withLock { $0.append(result) } }
        #expect(await eventually { network.requestCount.current == 1 })
        token?.cancel()
        token?.cancel()
        #expect(await eventually { results.current.count == 1 })
        #expect(network.pending.current.first?.cancelled.current == true)
        try network.succeedNext(body: "late")
        try await Task.sleep(nanoseconds: 50_000_000)
        #expect(results.current.count == 1)
        if case .failure(.networkError(let error)) = results.current.first {
            #expect(error.isCancellation)
        } else {
            Issue.record("expected a cancellation error")
        }
    }

    @Test("Cancelling one of two waiters keeps the shared request going")
    func cancelSharedFetch() async throws {
        let client = makeClient()
        let cancelled = Locked(0)
        let token = client.fetch(url: "/a", additionalData: nil) { _ in cancelled.withLock { $0 += 1 } }
        async let other = client.screen("/a")
        #expect(await eventually { network.requestCount.current == 1 })
        try await Task.sleep(nanoseconds: 20_000_000)
        token?.cancel()
        #expect(await eventually { cancelled.current == 1 })
        #expect(network.pending.current.first?.cancelled.current == false)
        try network.succeedNext(body: "kept")
        #expect(try (await other.get() as? TextScreen)?.text == "kept")
        #expect(cancelled.current == 1)
    }

    @Test("200 concurrent fetches of overlapping URLs each complete once with their screen")
    func concurrentFetches() async throws {
        let transportCalls = Locked(0)
        let transport = ClosureTransport { request in
            transportCalls.withLock { $0 += 1 }
            try await Task.sleep(nanoseconds: 20_000_000)
            let url = try #require(request.url)
            return (Data(url.path.utf8), try HTTPFixtures.response(for: url, status: 200))
        }
        let client = CachingViewClient(
            networkClient: RouterNetworkClient(transport: transport, logger: nil),
            coder: TextCoder(),
            urlBuilder: UrlBuilder(baseUrl: URL(string: "https://beagle.test")),
            completionQueue: DispatchQueue(label: "concurrent.completions", attributes: .concurrent)
        )
        let results = Locked<[Int: [String]]>([:])
        DispatchQueue.concurrentPerform(iterations: 200) { index in
            let path = "/screen\(index % 10)"
            client.fetch(url: path, additionalData: nil) { result in
                let text = (try? result.get() as? TextScreen)?.text ?? "failure"
                results.withLock { $0[index, default: []].append(text) }
            }
            if index % 7 == 0 { client.prefetch(url: path, additionalData: nil) }
        }
        #expect(await eventually { results.current.count == 200 })
        try await Task.sleep(nanoseconds: 100_000_000)
        let final = results.current
        #expect(final.count == 200)
        #expect(final.allSatisfy { index, texts in texts == ["/screen\(index % 10)"] })
        #expect((10...200).contains(transportCalls.current))
        let callsBefore = transportCalls.current
        for index in 0..<10 {
            #expect(try (await client.screen("/screen\(index)").get() as? TextScreen)?.text == "/screen\(index)")
        }
        #expect(transportCalls.current == callsBefore)
    }
}
