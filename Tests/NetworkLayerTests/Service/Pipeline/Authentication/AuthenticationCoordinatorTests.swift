import Foundation
@_spi(Transport) import NetworkLayer
import TestSupport
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("AuthenticationCoordinator")
struct AuthenticationCoordinatorTests {
    /// Credentials are `token-<n>`; each refresh hands out the next one, after `delay`, or fails.
    struct CountingAuthenticator: Authenticator {
        let refreshes = Locked(0)
        var delay: UInt64 = 50_000_000
        var fails = false
        var rejectedStatus = 401

        func apply(_ credential: String, to request: inout URLRequest) {
            request.setValue("Bearer \(credential)", forHTTPHeaderField: "Authorization")
        }

        func requiresRefresh(after response: Response) -> Bool {
            response.statusCode == rejectedStatus
        }

        func refresh(_ credential: String) async throws -> String {
            let count = refreshes.increment()
            try await Task.sleep(nanoseconds: delay)
            if fails { throw URLError(.userAuthenticationRequired) }
            return "token-\(count)"
        }
    }

    /// Accepts only `Bearer <accepted>`; answers anything else with `status`. Counts every request.
    private func server(
        accepting accepted: String = "token-1",
        status: Int = 401,
        calls: Locked<Int>
    ) -> ClosureTransport {
        ClosureTransport { request in
            calls.increment()
            let ok = request.value(forHTTPHeaderField: "Authorization") == "Bearer \(accepted)"
            return (Data(), .stub(ok ? 200 : status, url: request.url))
        }
    }

    private func router(
        _ authenticator: CountingAuthenticator,
        transport: ClosureTransport,
        maximumRefreshes: Int = 2,
        refreshInterval: TimeInterval = 30
    ) -> Router<PipelineEndpoint> {
        let coordinator = AuthenticationCoordinator(
            authenticator: authenticator, credential: "token-0", maximumRefreshes: maximumRefreshes,
            refreshInterval: refreshInterval)
        return Router(configuration: RouterConfiguration(authentication: coordinator), transport: transport)
    }

    /// Sends `count` requests at once with completion handlers; returns each one's outcomes once all arrived.
    private func sendConcurrently(_ count: Int, through router: Router<PipelineEndpoint>) async -> [[String]] {
        let outcomes = Locked([Int: [String]]())
        for index in 0..<count {
            router.request(PipelineEndpoint()) { (result: Result<Response, NetworkError>) in
                let kind = (try? result.get()).map { "\($0.statusCode)" } ?? result.errorKind
                outcomes.withLock { $0[index, default: []].append(kind) }
            }
        }
        _ = await eventually { outcomes.current.count == count }
        await settle()
        return (0..<count).map { outcomes.current[$0] ?? [] }
    }

    /// Holds every request carrying the stale credential until `count` of them arrived, so they all fail together.
    private func barrierServer(count: Int, calls: Locked<Int>) -> ClosureTransport {
        let stale = Locked(0)
        return ClosureTransport { request in
            calls.increment()
            if request.value(forHTTPHeaderField: "Authorization") == "Bearer token-1" {
                return (Data(), .stub(200, url: request.url))
            }
            stale.increment()
            _ = await eventually { stale.current >= count }
            return (Data(), .stub(401, url: request.url))
        }
    }

    @Test("50 concurrent 401s cause exactly one refresh, and each request is resent once and succeeds")
    func singleFlight() async {
        let calls = Locked(0)
        let authenticator = CountingAuthenticator()
        let router = router(authenticator, transport: barrierServer(count: 50, calls: calls))
        let outcomes = await sendConcurrently(50, through: router)
        #expect(authenticator.refreshes.current == 1)
        #expect(outcomes.allSatisfy { $0 == ["200"] })
        #expect(calls.current == 100)
    }

    @Test("when the refresh fails, every waiting request fails with an authentication error")
    func refreshFailure() async {
        let calls = Locked(0)
        var authenticator = CountingAuthenticator()
        authenticator.fails = true
        let router = router(authenticator, transport: barrierServer(count: 20, calls: calls))
        let outcomes = await sendConcurrently(20, through: router)
        #expect(authenticator.refreshes.current == 1)
        #expect(outcomes.allSatisfy { $0 == ["authentication"] })
        #expect(calls.current == 20)
    }

    @Test("the failure carries the rejected response")
    func failureCarriesResponse() async {
        var authenticator = CountingAuthenticator()
        authenticator.fails = true
        let router = router(authenticator, transport: server(calls: Locked(0)))
        do {
            _ = try await router.request(PipelineEndpoint())
            Issue.record("expected an authentication error")
        } catch {
            #expect(error.kind == .authentication)
            #expect(error.statusCode == 401)
            #expect(error.response?.request.value(forHTTPHeaderField: "Authorization") == "Bearer token-0")
        }
    }

    @Test("a request rejected again after the refresh is not refreshed again")
    func retriedOnce() async {
        let calls = Locked(0)
        let authenticator = CountingAuthenticator()
        let router = router(authenticator, transport: server(accepting: "nothing", calls: calls))
        await #expect(throws: NetworkError.self) { try await router.request(PipelineEndpoint()) }
        #expect(authenticator.refreshes.current == 1)
        #expect(calls.current == 2)
    }

    @Test("the refresh window stops a server that rejects everything from causing endless refreshes")
    func refreshWindow() async {
        let calls = Locked(0)
        let authenticator = CountingAuthenticator(delay: 0)
        let router = router(
            authenticator, transport: server(accepting: "nothing", calls: calls),
            maximumRefreshes: 2, refreshInterval: 60)
        var kinds: [String] = []
        for _ in 0..<5 {
            do {
                _ = try await router.request(PipelineEndpoint())
                kinds.append("success")
            } catch {
                kinds.append(error.kind.name)
            }
        }
        #expect(kinds == Array(repeating: "authentication", count: 5))
        #expect(authenticator.refreshes.current == 2)
        #expect(calls.current == 2 * 2 + 3)
    }

    @Test("requests after a refresh use the new credential without another refresh")
    func laterRequests() async throws {
        let calls = Locked(0)
        let authenticator = CountingAuthenticator(delay: 0)
        let router = router(authenticator, transport: server(calls: calls))
        for _ in 0..<3 {
            #expect(try await router.request(PipelineEndpoint()).statusCode == 200)
        }
        #expect(authenticator.refreshes.current == 1)
        #expect(calls.current == 4)
    }

    @Test("endpoints that do not require authentication get no credential and no refresh")
    func optOut() async throws {
        let seen = Locked<String?>("unset")
        let authenticator = CountingAuthenticator()
        let transport = ClosureTransport { request in
            seen.withLock { $0 = request.value(forHTTPHeaderField: "Authorization") }
            return (Data(), .stub(401, url: request.url))
        }
        let response = try await router(authenticator, transport: transport)
            .request(PipelineEndpoint(requiresAuthentication: false))
        #expect(response.statusCode == 401)
        #expect(seen.current == nil)
        #expect(authenticator.refreshes.current == 0)
    }

    @Test("the authenticator decides what a rejection is")
    func customRejection() async throws {
        let calls = Locked(0)
        var authenticator = CountingAuthenticator(delay: 0)
        authenticator.rejectedStatus = 419
        let response = try await router(authenticator, transport: server(status: 419, calls: calls))
            .request(PipelineEndpoint())
        #expect(response.statusCode == 200)
        #expect(authenticator.refreshes.current == 1)

        let unrefreshed = try await router(CountingAuthenticator(), transport: server(status: 403, calls: calls))
            .request(PipelineEndpoint())
        #expect(unrefreshed.statusCode == 403)
    }

    @Test("a request waiting for a slow refresh can be cancelled, and completes once with .cancelled")
    func cancelWhileWaiting() async {
        // A refresh of 10 minutes: the request ends long before it would.
        let authenticator = CountingAuthenticator(delay: 600_000_000_000)
        let router = router(authenticator, transport: server(calls: Locked(0)))
        let results = Locked<[String]>([])
        let token = router.request(PipelineEndpoint()) { (result: Result<Response, NetworkError>) in
            results.withLock { $0.append(result.errorKind) }
        }
        #expect(await eventually { authenticator.refreshes.current == 1 })
        token.cancel()
        #expect(await eventually { results.current.count == 1 })
        await settle()
        #expect(results.current == ["cancelled"])
    }

    @Test("routers sharing a coordinator share its refreshes")
    func sharedBetweenRouters() async throws {
        let calls = Locked(0)
        let authenticator = CountingAuthenticator(delay: 0)
        let coordinator = AuthenticationCoordinator(authenticator: authenticator, credential: "token-0")
        let configuration = RouterConfiguration(authentication: coordinator)
        let first = Router<PipelineEndpoint>(configuration: configuration, transport: server(calls: calls))
        let second = Router<TestEndpoint>(configuration: configuration, transport: server(calls: calls))
        #expect(try await first.request(PipelineEndpoint()).statusCode == 200)
        #expect(try await second.request(TestEndpoint()).statusCode == 200)
        #expect(authenticator.refreshes.current == 1)
        #expect(calls.current == 3)
    }
}
