import Foundation
@_spi(Transport) import NetworkLayer
import TestSupport
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("PluginType")
struct PluginTypeTests {
    /// Tags the request with its name in prepare, logs every hook, and optionally rewrites the outcome.
    struct NamedPlugin: PluginType {
        let name: String
        let log: Locked<[String]>
        var replace: (@Sendable (Result<Response, NetworkError>) -> Result<Response, NetworkError>)?

        func prepare(_ request: URLRequest, context: PluginContext) async throws(NetworkError) -> URLRequest {
            log.withLock { $0.append("\(name).prepare") }
            var request = request
            let trail = request.value(forHTTPHeaderField: "X-Trail").map { $0 + "," } ?? ""
            request.setValue(trail + name, forHTTPHeaderField: "X-Trail")
            return request
        }

        func willSend(_ request: URLRequest, context: PluginContext) async {
            log.withLock { $0.append("\(name).willSend(\(request.value(forHTTPHeaderField: "X-Trail") ?? ""))") }
        }

        func didReceive(_ result: Result<Response, NetworkError>, for request: URLRequest, context: PluginContext)
            async
        {
            log.withLock { $0.append("\(name).didReceive(\(result.errorKind))") }
        }

        func process(
            _ result: Result<Response, NetworkError>,
            for request: URLRequest,
            context: PluginContext
        ) async -> Result<Response, NetworkError> {
            log.withLock { $0.append("\(name).process(\(result.errorKind))") }
            return replace?(result) ?? result
        }
    }

    struct EmptyPlugin: PluginType {}

    struct FailingPlugin: PluginType {
        func prepare(_ request: URLRequest, context: PluginContext) async throws(NetworkError) -> URLRequest {
            throw NetworkError(.invalidRequest, detail: "unsigned")
        }
    }

    @Test("hooks run in order: every prepare, every willSend, the transport, every didReceive, every process")
    func order() async throws {
        let log = Locked<[String]>([])
        let router = Router<TestEndpoint>(
            configuration: RouterConfiguration(plugins: [
                NamedPlugin(name: "a", log: log), NamedPlugin(name: "b", log: log),
            ])
        ) { request in
            log.withLock { $0.append("transport(\(request.value(forHTTPHeaderField: "X-Trail") ?? ""))") }
            return (Data(), .stub(200, url: request.url))
        }
        let response = try await router.request(TestEndpoint())
        #expect(
            log.current == [
                "a.prepare", "b.prepare", "a.willSend(a,b)", "b.willSend(a,b)", "transport(a,b)",
                "a.didReceive(success)", "b.didReceive(success)", "a.process(success)", "b.process(success)",
            ])
        #expect(response.request.value(forHTTPHeaderField: "X-Trail") == "a,b")
    }

    @Test("process may replace the result, and later plugins and the caller see the replacement")
    func replacement() async throws {
        let log = Locked<[String]>([])
        let rescue = NamedPlugin(name: "rescue", log: log) { result in
            guard case .failure = result else { return result }
            return .success(.stub(200, body: "cached"))
        }
        let router = Router<TestEndpoint>(
            configuration: RouterConfiguration(plugins: [rescue, NamedPlugin(name: "after", log: log)]),
            transport: ClosureTransport.failing(URLError(.notConnectedToInternet)))
        let response = try await router.request(TestEndpoint())
        #expect(String(decoding: response.data, as: UTF8.self) == "cached")
        #expect(
            log.current.suffix(4) == [
                "rescue.didReceive(notConnected)", "after.didReceive(notConnected)",
                "rescue.process(notConnected)", "after.process(success)",
            ])
    }

    @Test("process may turn a success into a failure")
    func failureReplacement() async {
        let log = Locked<[String]>([])
        let strict = NamedPlugin(name: "strict", log: log) { result in
            (try? result.get()).map { .failure(NetworkError(.serverError, response: $0)) } ?? result
        }
        let router = Router<TestEndpoint>(
            configuration: RouterConfiguration(plugins: [strict]), transport: ClosureTransport.status(200))
        await #expect(throws: NetworkError.self) { try await router.request(TestEndpoint()) }
    }

    @Test("a throwing prepare fails the request before it is sent, with one completion")
    func throwingPrepare() async {
        let sent = Locked(0)
        let router = Router<TestEndpoint>(configuration: RouterConfiguration(plugins: [FailingPlugin()])) { request in
            sent.increment()
            return (Data(), .stub(200, url: request.url))
        }
        let results = Locked<[String]>([])
        router.request(TestEndpoint()) { (result: Result<Response, NetworkError>) in
            results.withLock { $0.append(result.errorKind) }
        }
        #expect(await eventually { results.current.count == 1 })
        await settle()
        #expect(results.current == ["invalidRequest"])
        #expect(sent.current == 0)
    }

    @Test("the default implementations change nothing")
    func defaults() async throws {
        let seen = Locked<URLRequest?>(nil)
        let router = Router<TestEndpoint>(configuration: RouterConfiguration(plugins: [EmptyPlugin()])) { request in
            seen.withLock { $0 = request }
            return (Data("x".utf8), .stub(203, url: request.url))
        }
        let expected = try router.makeRequest(for: TestEndpoint())
        let response = try await router.request(TestEndpoint())
        #expect(seen.current == expected)
        #expect(response.statusCode == 203)
        #expect(response.data == Data("x".utf8))
    }

    @Test("the context names the endpoint, the attempt and the elapsed time")
    func context() async throws {
        let contexts = Locked<[(String, Int, TimeInterval, String)]>([])
        let plugin = RecordingPlugin { event, context in
            let path = (context.endpoint as? TestEndpoint)?.path ?? "?"
            contexts.withLock { $0.append((event, context.attempt, context.elapsed, path)) }
        }
        let router = Router<TestEndpoint>(configuration: RouterConfiguration(plugins: [plugin])) { request in
            try await Task.sleep(nanoseconds: 30_000_000)
            return (Data(), .stub(200, url: request.url))
        }
        _ = try await router.request(TestEndpoint(path: "movie/7"))
        let recorded = contexts.current
        #expect(recorded.map(\.0) == ["prepare", "willSend", "didReceive", "process"])
        #expect(recorded.allSatisfy { $0.1 == 1 && $0.3 == "movie/7" })
        #expect((recorded.last?.2 ?? 0) >= 0.03)
    }
}
