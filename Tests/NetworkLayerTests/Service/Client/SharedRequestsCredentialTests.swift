import Foundation
@_spi(Transport) import NetworkLayer
import TestSupport
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("Router: requests are shared only when identical on the wire", .timeLimit(.minutes(1)))
struct SharedRequestsCredentialTests {
    private let base = URL(string: "https://api.example.com/v1")!

    /// Answers a `basic-auth` path without `Authorization` with a Basic challenge, and anything else with the
    /// value of `field` it received as the body.
    private func echo(_ field: String) -> ClosureTransport {
        ClosureTransport { request in
            let url = request.url!
            let received = request.value(forHTTPHeaderField: field)
            if url.path.contains("basic-auth"), received == nil {
                let challenge = ["WWW-Authenticate": "Basic realm=\"test\""]
                return (Data(), HTTPURLResponse(url: url, statusCode: 401, httpVersion: nil, headerFields: challenge)!)
            }
            let body = Data((received ?? "public").utf8)
            return (body, HTTPURLResponse(url: url, statusCode: 200, httpVersion: nil, headerFields: nil)!)
        }
    }

    @Test(
        "callers whose credentials differ each send their own request and get its response",
        arguments: SharingScenario.all)
    func credentialsKeepCallersApart(scenario: SharingScenario) async throws {
        let transport = RendezvousTransport(echo(scenario.field), holds: scenario.holds)
        let router = Router<SharingEndpoint>(configuration: scenario.configuration(), transport: transport)
        let outcomes = await scenario.outcomes(of: router, base: base)
        for (index, caller) in scenario.callers.enumerated() {
            let response = try #require(try outcomes[index]?.get())
            #expect(response.request.value(forHTTPHeaderField: scenario.field) == caller.credential)
            #expect(String(decoding: response.data, as: UTF8.self) == caller.credential ?? "public")
        }
        let held = transport.sent.current.filter(scenario.holds)
        #expect(
            Set(held.map { $0.value(forHTTPHeaderField: scenario.field) }) == Set(scenario.callers.map(\.credential)))
    }

    @Test("callers with the same per-task token share one exchange")
    func sameTokenShares() async throws {
        let transport = GatedTransport()
        let plugin = AccessTokenPlugin { CurrentUser.name.map { "\($0)-token" } }
        let router = Router<SharingEndpoint>(
            configuration: RouterConfiguration(plugins: [plugin], deduplicatesRequests: true), transport: transport)
        let caller = SharingScenario.Caller(user: "alice", credential: "Bearer alice-token", marker: "alice")
        let tasks = (0..<2).map { _ in Task { await caller.call(router, base: base) } }
        #expect(await eventually { router.sharedCallerCount == 2 })
        transport.open()
        for task in tasks {
            let response = try await task.value.get()
            #expect(String(decoding: response.data, as: UTF8.self) == "response 1")
            #expect(response.request.value(forHTTPHeaderField: "Authorization") == "Bearer alice-token")
        }
        #expect(transport.sends.current == 1)
    }

    @Test("a joining caller's own deadline ends its wait, and the first caller still gets the response")
    func joiningCallerKeepsItsDeadline() async throws {
        struct Endpoint: EndPointType {
            var deadline: TimeInterval?
            var baseURL: URL { URL(string: "https://api.example.com")! }
            var path: String { "slow" }
        }
        let transport = GatedTransport()
        let router = Router<Endpoint>(
            configuration: RouterConfiguration(deduplicatesRequests: true), transport: transport)
        let patient = Task { () async throws(NetworkError) -> Response in try await router.request(Endpoint()) }
        #expect(await eventually { router.sharedCallerCount == 1 })
        let hurried = Task { () async -> Result<Response, NetworkError> in
            do throws(NetworkError) {
                return .success(try await router.request(Endpoint(deadline: 0.05)))
            } catch {
                return .failure(error)
            }
        }
        guard case .failure(let error) = await hurried.value else {
            Issue.record("the hurried caller got a response before the shared request was let through")
            return
        }
        #expect(error.kind == .timedOut)
        #expect(await eventually { router.sharedCallerCount == 1 })
        transport.open()
        #expect(String(decoding: try await patient.value.data, as: UTF8.self) == "response 1")
        #expect(transport.sends.current == 1 && transport.cancelled.current == 0)
    }
}
