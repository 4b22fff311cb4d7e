import Foundation
@_spi(Transport) import NetworkLayer
import TestSupport
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Retries, credential refresh and deadlines against real sockets.
@Suite("Faults: retries, refresh and deadlines", .needsFaultServer)
struct RetryFaultTests {
    /// Short, exact backoffs so the suite stays fast.
    static let quickPolicy = RetryPolicy(initialBackoff: 0.05, jitter: 0)

    /// Counts the attempts the router makes, whether or not they reach the server.
    struct AttemptCounter: PluginType {
        let count = Locked(0)

        func willSend(_ request: URLRequest, context: PluginContext) async {
            count.increment()
        }
    }

    @Test("a flaky 5xx is retried until it succeeds", arguments: [500, 502, 503, 504])
    func flaky(status: Int) async throws {
        let router = try FaultServerPeer.makeRouter(configuration: RouterConfiguration(retryPolicy: Self.quickPolicy))
        let id = FaultServerPeer.uniqueID()
        let response = try await router.request(.flaky(id: id, failures: 2, status: status))
        #expect(response.statusCode == 200)
        #expect(try response.decode(FaultAttempt.self).attempt == 3)
        #expect(try await FaultServerPeer.attempts(for: id) == 3)
    }

    @Test("retries stop after the maximum, returning the last response")
    func exhausted() async throws {
        let router = try FaultServerPeer.makeRouter(configuration: RouterConfiguration(retryPolicy: Self.quickPolicy))
        let id = FaultServerPeer.uniqueID()
        let response = try await router.request(.flaky(id: id, failures: 100, status: 503))
        #expect(response.statusCode == 503)
        #expect(try await FaultServerPeer.attempts(for: id) == 3)
    }

    @Test("Retry-After in seconds is waited out before the retry")
    func retryAfterSeconds() async throws {
        let router = try FaultServerPeer.makeRouter(configuration: RouterConfiguration(retryPolicy: Self.quickPolicy))
        let id = FaultServerPeer.uniqueID()
        let started = Date()
        let response = try await router.request(.rateLimited(id: id, retryAfter: 1, asDate: false))
        #expect(response.statusCode == 200)
        #expect(Date().timeIntervalSince(started) >= 0.9)
        #expect(try await FaultServerPeer.attempts(for: id) == 2)
    }

    @Test("Retry-After as an HTTP-date is honoured")
    func retryAfterDate() async throws {
        let router = try FaultServerPeer.makeRouter(configuration: RouterConfiguration(retryPolicy: Self.quickPolicy))
        let id = FaultServerPeer.uniqueID()
        let started = Date()
        let response = try await router.request(.rateLimited(id: id, retryAfter: 2, asDate: true))
        #expect(response.statusCode == 200)
        #expect(Date().timeIntervalSince(started) >= 0.9)
        #expect(try await FaultServerPeer.attempts(for: id) == 2)
    }

    /// (Retry-After in seconds, deadline): beyond the policy's 60 s cap, or within it but beyond the deadline,
    /// which leaves the first attempt 40 s even on a loaded machine.
    @Test(
        "A 503 asking for a wait beyond the cap or the deadline comes back at once, as a serverError",
        arguments: [(86400, nil), (50, 40.0)] as [(Int, TimeInterval?)])
    func retryAfterTooLong(seconds: Int, deadline: TimeInterval?) async throws {
        let configuration = RouterConfiguration(retryPolicy: RetryPolicy(), deadline: deadline)
        let manager = NetworkManager(router: try FaultServerPeer.makeRouter(configuration: configuration))
        let id = FaultServerPeer.uniqueID()

        let error = await #expect(throws: NetworkError.self) {
            try await manager.response(for: .rateLimited(id: id, retryAfter: seconds, asDate: false, status: 503))
        }

        guard let response = (try #require(error)).response(ifKind: .serverError) else {
            Issue.record("expected serverError carrying the 503, got \(String(describing: error))")
            return
        }
        #expect(response.retryAfter == TimeInterval(seconds))
        #expect(try await FaultServerPeer.attempts(for: id) == 1)
    }

    @Test("a refused connection is retried, then fails as a transport error")
    func refused() async throws {
        let counter = AttemptCounter()
        let router = try FaultServerPeer.makeRouter(
            configuration: RouterConfiguration(plugins: [counter], retryPolicy: Self.quickPolicy))
        let error = await #expect(throws: NetworkError.self) { try await router.request(.closedPort) }
        guard let failure = (try #require(error)).ifKind(.cannotConnect) else {
            Issue.record("expected a transport error, got \(String(describing: error))")
            return
        }
        #expect(failure.kind == .cannotConnect)
        #expect(counter.count.current == 3)
    }

    @Test(
        "a connection lost before the reply, mid-body or mid-chunk is retried, on Linux too",
        arguments: FaultEndpoint.DropMode.allCases)
    func droppedConnection(mode: FaultEndpoint.DropMode) async throws {
        let router = try FaultServerPeer.makeRouter(configuration: RouterConfiguration(retryPolicy: Self.quickPolicy))
        let id = FaultServerPeer.uniqueID()
        let response = try await router.request(.dropping(id: id, failures: 2, mode: mode))
        #expect(response.statusCode == 200)
        #expect(try response.decode(FaultAttempt.self).attempt == 3)
        #expect(try await FaultServerPeer.attempts(for: id) == 3)
    }

    @Test("a sub-second deadline cuts a stalled server short")
    func deadline() async throws {
        let router = try FaultServerPeer.makeRouter(configuration: RouterConfiguration(deadline: 0.3))
        let started = Date()
        let error = await #expect(throws: NetworkError.self) {
            try await router.request(.stall(seconds: 300, timeout: 600))
        }
        guard (try #require(error)).kind == .timedOut else {
            Issue.record("expected timedOut, got \(String(describing: error))")
            return
        }
        #expect(Date().timeIntervalSince(started) < 60)
    }

    /// Sends the stale credential to `/status/401` and the fresh one to `/echo-headers`.
    struct RoutingAuthenticator: Authenticator {
        let refreshes = Locked(0)

        func apply(_ credential: String, to request: inout URLRequest) {
            request.setValue("Bearer \(credential)", forHTTPHeaderField: "Authorization")
            if credential == "fresh", let url = request.url?.absoluteString {
                request.url = URL(string: url.replacingOccurrences(of: "status/401", with: "echo-headers"))
            }
        }

        func refresh(_ credential: String) async throws -> String {
            refreshes.increment()
            return "fresh"
        }
    }

    @Test("concurrent 401s over the wire share one refresh and then succeed")
    func refresh() async throws {
        let authenticator = RoutingAuthenticator()
        let coordinator = AuthenticationCoordinator(authenticator: authenticator, credential: "stale")
        let router = try FaultServerPeer.makeRouter(configuration: RouterConfiguration(authentication: coordinator))
        let statuses = try await withThrowingTaskGroup(of: (Int, String?).self) { group in
            for _ in 0..<8 {
                group.addTask {
                    let response = try await router.request(.status(401))
                    let echoed = try? response.decode(EchoedHeaders.self)
                    return (response.statusCode, echoed?["Authorization"])
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(statuses.count == 8)
        #expect(statuses.allSatisfy { $0.0 == 200 && $0.1 == "Bearer fresh" })
        #expect(authenticator.refreshes.current == 1)
    }
}
