import Foundation
@_spi(Transport) import NetworkLayer
import TestSupport
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("Integration: callers with different credentials never share", .needsHTTPBin, .timeLimit(.minutes(1)))
struct SharedRequestsCredentialIntegrationTests {
    @Test(
        "each caller's own credential reaches httpbin, and its response mentions no other caller's",
        arguments: SharingScenario.all)
    func credentialsKeepCallersApart(scenario: SharingScenario) async throws {
        let base = try HTTPBinPeer.requireURL()
        let transport = RendezvousTransport(LoopbackPeer.makeTransport(), holds: scenario.holds)
        let router = Router<SharingEndpoint>(configuration: scenario.configuration(), transport: transport)
        let outcomes = await scenario.outcomes(of: router, base: base)
        for (index, caller) in scenario.callers.enumerated() {
            let response = try #require(try outcomes[index]?.get())
            let body = String(decoding: response.data, as: UTF8.self)
            #expect(response.request.value(forHTTPHeaderField: scenario.field) == caller.credential)
            for other in scenario.callers where other.marker != caller.marker {
                #expect(!body.contains(other.marker), "\(caller.marker) got a response mentioning \(other.marker)")
            }
        }
        let held = transport.sent.current.filter(scenario.holds)
        #expect(
            Set(held.map { $0.value(forHTTPHeaderField: scenario.field) }) == Set(scenario.callers.map(\.credential)))
    }

    @Test("httpbin accepts alice's password and rejects bob's, though both asked the same URL at once")
    func challengeAnsweredPerCaller() async throws {
        let base = try HTTPBinPeer.requireURL()
        guard let scenario = SharingScenario.all.first(where: { $0.testDescription.hasPrefix("challenge") }) else {
            Issue.record("no challenge scenario")
            return
        }
        let transport = RendezvousTransport(LoopbackPeer.makeTransport(), holds: scenario.holds)
        let router = Router<SharingEndpoint>(configuration: scenario.configuration(), transport: transport)
        async let alice = scenario.callers[0].call(router, base: base)
        async let bob = scenario.callers[1].call(router, base: base)
        let (aliceResponse, bobResponse) = (try await alice.get(), try await bob.get())
        #expect(aliceResponse.statusCode == 200)
        #expect(String(decoding: aliceResponse.data, as: UTF8.self).contains("alice"))
        #expect(bobResponse.statusCode == 401)
    }
}
