import Foundation
import TestSupport
import Testing

@_spi(Transport) @testable import NetworkLayer

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("LoggerPlugin")
struct LoggerPluginTests {
    private func logger(_ lines: Locked<[String]>) -> NetworkLogger {
        NetworkLogger(sink: LogSink { entry in lines.withLock { $0.append(entry) } })
    }

    @Test("as a plugin it logs the request and the outcome")
    func plugin() async throws {
        let lines = Locked<[String]>([])
        let router = Router<TestEndpoint>(
            configuration: RouterConfiguration(plugins: [LoggerPlugin(logger: logger(lines))]),
            transport: ClosureTransport.status(404))
        _ = try await router.request(TestEndpoint())
        #expect(lines.current.count == 2)
        #expect(lines.current.first?.hasPrefix("→ GET https://api.example.com/3/movie/popular") == true)
        #expect(lines.current.last?.hasPrefix("← 404 GET") == true)
    }

    @Test("RouterConfiguration.logger logs after the other plugins prepared the request, credentials redacted")
    func configurationLogger() async throws {
        let lines = Locked<[String]>([])
        let configuration = RouterConfiguration(
            logger: logger(lines), plugins: [AccessTokenPlugin { "SECRET-TOKEN" }])
        let router = Router<TestEndpoint>(configuration: configuration, transport: ClosureTransport.status(200))
        _ = try await router.request(TestEndpoint())
        let text = lines.current.joined(separator: "\n")
        #expect(lines.current.count == 2)
        #expect(text.contains("Authorization: REDACTED"))
        #expect(!text.contains("SECRET-TOKEN"))
    }

    @Test("every attempt of a retried request is logged")
    func retries() async throws {
        let lines = Locked<[String]>([])
        let calls = Locked(0)
        let configuration = RouterConfiguration(
            logger: logger(lines), retryPolicy: .exact
        ).sleeping(with: SleepRecorder().sleep)
        let router = Router<PipelineEndpoint>(
            configuration: configuration, transport: sequenceTransport([503, 200], calls: calls))
        _ = try await router.request(PipelineEndpoint())
        #expect(lines.current.count == 4)
        #expect(lines.current.filter { $0.hasPrefix("← 503") }.count == 1)
        #expect(lines.current.last?.hasPrefix("← 200") == true)
    }

    @Test("a failure is logged once per attempt on one line")
    func failure() async {
        let lines = Locked<[String]>([])
        let router = Router<TestEndpoint>(
            configuration: RouterConfiguration(plugins: [LoggerPlugin(logger: logger(lines))]),
            transport: ClosureTransport.failing(URLError(.timedOut)))
        _ = try? await router.request(TestEndpoint())
        #expect(lines.current.count == 2)
        #expect(lines.current.last?.contains("): timed out — ") == true)
    }
}
