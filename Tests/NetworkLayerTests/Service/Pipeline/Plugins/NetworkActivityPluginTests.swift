import Foundation
@_spi(Transport) import NetworkLayer
import TestSupport
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("NetworkActivityPlugin")
struct NetworkActivityPluginTests {
    /// A plugin that records every change it reports.
    static func recordingPlugin() -> (NetworkActivityPlugin, Locked<[Int]>) {
        let changes = Locked<[Int]>([])
        return (NetworkActivityPlugin { inFlight in changes.withLock { $0.append(inFlight) } }, changes)
    }

    /// A router with `plugin` whose every request is answered 200 after `delay` seconds.
    static func delayedRouter(_ plugin: NetworkActivityPlugin, delay: TimeInterval) -> Router<TestEndpoint> {
        Router(
            configuration: RouterConfiguration(plugins: [plugin]),
            stub: StubTransport(behavior: .delayed(seconds: delay)) { _ in .http(200) })
    }

    @Test("concurrent requests each begin and end once, reported in order, back to none in flight")
    func concurrent() async throws {
        let (plugin, changes) = Self.recordingPlugin()
        let router = Self.delayedRouter(plugin, delay: 0.05)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<10 { group.addTask { _ = try await router.request(TestEndpoint()) } }
            try await group.waitForAll()
        }
        let reported = changes.current
        #expect(reported.count == 20)
        let steps = zip([0] + reported, reported).map { $1 - $0 }
        #expect(steps.allSatisfy { $0 == 1 || $0 == -1 })
        #expect(steps.filter { $0 == 1 }.count == 10)
        #expect(reported.last == 0)
        #expect(reported.max() ?? 0 > 1)
    }

    @Test("a retried request is two attempts; a refused one still ends")
    func retries() async throws {
        let (plugin, changes) = Self.recordingPlugin()
        let attempts = Locked(0)
        let configuration = RouterConfiguration(plugins: [plugin], retryPolicy: RetryPolicy(maximumRetries: 1)).sleeping
        { _ in }
        let router = Router<TestEndpoint>(configuration: configuration) { request in
            (Data(), .stub(attempts.increment() == 1 ? 503 : 200, url: request.url))
        }
        _ = try await router.request(TestEndpoint())
        #expect(changes.current == [1, 0, 1, 0])
    }

    @Test("a cancelled request ends too")
    func cancelled() async throws {
        let (plugin, changes) = Self.recordingPlugin()
        let router = Self.delayedRouter(plugin, delay: 30)
        let request = Task { try await router.request(TestEndpoint()) }
        #expect(await eventually { changes.current == [1] })
        request.cancel()
        await #expect(throws: NetworkError.self) { try await request.value }
        #expect(await eventually { changes.current.count == 2 })
        #expect(changes.current == [1, 0])
    }
}
