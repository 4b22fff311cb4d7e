import Foundation
import NetworkLayer
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The reliability table, row by row, over both transports against the project's fault server on loopback
/// (`FAULT_SERVER_URL`, started by `scripts/test.sh`); skipped without it.
@Suite("Reliability over both transports", .enabled(if: FaultRoute.server != nil, "FAULT_SERVER_URL is not set"))
struct ReliabilityTableTests {
    /// A retry policy that waits 0.1 s between attempts.
    static let retrying = RouterConfiguration(
        retryPolicy: RetryPolicy(maximumRetries: 2, initialBackoff: 0.1, jitter: 0))

    struct Attempt: Decodable { let attempt: Int }
    struct Count: Decodable { let attempts: Int }

    static func attempts(_ id: String, over carrier: Carrier) async throws -> Int {
        try await carrier.withRouter(FaultRoute.self) { router in
            try await NetworkManager(router: router).request(.attempts(id: id), as: Count.self).attempts
        }
    }

    /// Records the attempts the router makes.
    struct AttemptRecorder: PluginType {
        let attempts = Attempts()
        final class Attempts: @unchecked Sendable {
            private let lock = NSLock()
            private var seen: [Int] = []
            func append(_ attempt: Int) { lock.withLock { seen.append(attempt) } }
            var all: [Int] { lock.withLock { seen } }
        }
        func willSend(_ request: URLRequest, context: PluginContext) async { attempts.append(context.attempt) }
    }

    @Test("refused: cannot connect, retried, then a transport error", arguments: Carrier.allCases)
    func refused(carrier: Carrier) async throws {
        let recorder = AttemptRecorder()
        var configuration = Self.retrying
        configuration.plugins = [recorder]
        defer { #expect(recorder.attempts.all == [1, 2, 3]) }
        try await carrier.withRouter(FaultRoute.self, configuration: configuration) { router in
            await #expect {
                try await router.request(.refused)
            } throws: { error in
                (error as? NetworkError)?.kind == .cannotConnect
            }
        }
    }

    @Test("no answer: timed out after the request's timeout", arguments: Carrier.allCases)
    func noAnswer(carrier: Carrier) async throws {
        try await carrier.withRouter(FaultRoute.self) { router in
            let started = ContinuousClock.now
            await #expect {
                try await router.request(.stall(seconds: 30))
            } throws: { error in
                guard (error as? NetworkError)?.kind == .timedOut else { return false }
                return true
            }
            #expect(started.duration(to: .now) >= .milliseconds(900))
        }
    }

    @Test("dropped mid-body: retried, then the whole body", arguments: Carrier.allCases)
    func dropMidBody(carrier: Carrier) async throws {
        let id = UUID().uuidString
        let answer = try await carrier.withRouter(FaultRoute.self, configuration: Self.retrying) { router in
            try await NetworkManager(router: router).request(.dropMidBody(id: id), as: Attempt.self)
        }
        #expect(answer.attempt == 2)
        #expect(try await Self.attempts(id, over: carrier) == 2)
    }

    @Test("5xx then success: retried once", arguments: Carrier.allCases)
    func serverErrorThenSuccess(carrier: Carrier) async throws {
        let id = UUID().uuidString
        let answer = try await carrier.withRouter(FaultRoute.self, configuration: Self.retrying) { router in
            try await NetworkManager(router: router).request(.flaky(id: id), as: Attempt.self)
        }
        #expect(answer.attempt == 2)
    }

    @Test("429 with Retry-After: waits as asked, then success", arguments: Carrier.allCases)
    func rateLimited(carrier: Carrier) async throws {
        let id = UUID().uuidString
        let started = ContinuousClock.now
        let answer = try await carrier.withRouter(FaultRoute.self, configuration: Self.retrying) { router in
            try await NetworkManager(router: router).request(.rateLimited(id: id), as: Attempt.self)
        }
        #expect(answer.attempt == 2)
        #expect(started.duration(to: .now) >= .milliseconds(900))
    }

    @Test("cancelled mid-flight: cancelled at once, the stall not waited out", arguments: Carrier.allCases)
    func cancelMidFlight(carrier: Carrier) async throws {
        try await carrier.withRouter(FaultRoute.self) { router in
            let request = Task { try await router.request(.stall(seconds: 30)) }
            try await Task.sleep(nanoseconds: 200_000_000)
            request.cancel()
            await #expect {
                try await request.value
            } throws: { error in
                (error as? NetworkError)?.kind == .cancelled
            }
        }
    }

    @Test("redirect to another origin: credentials stripped", arguments: Carrier.allCases)
    func crossOriginRedirect(carrier: Carrier) async throws {
        let server = try #require(FaultRoute.server)
        var other = try #require(URLComponents(url: server, resolvingAgainstBaseURL: false))
        other.host = "localhost"
        other.path = "/echo-headers"
        let target = try #require(other.url)
        let response = try await carrier.withRouter(FaultRoute.self) { router in
            try await router.request(.crossOriginRedirect(to: target))
        }
        let echoed = String(decoding: response.data, as: UTF8.self)
        #expect(response.statusCode == 200)
        #expect(echoed.contains("\"path\": \"/echo-headers\"") || echoed.contains("\"path\":\"/echo-headers\""))
        #expect(!echoed.contains("SECRET"))
    }

    @Test("size limit: a larger body fails with responseTooLarge", arguments: Carrier.allCases)
    func sizeLimit(carrier: Carrier) async throws {
        let configuration = RouterConfiguration(maximumResponseSize: 16)
        try await carrier.withRouter(FaultRoute.self, configuration: configuration) { router in
            await #expect {
                try await router.request(.echoHeaders)
            } throws: { error in
                (error as? NetworkError)?.kind == .responseTooLarge
            }
        }
    }
}
