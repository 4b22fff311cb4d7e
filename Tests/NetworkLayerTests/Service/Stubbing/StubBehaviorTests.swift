import Foundation
import TestSupport
import Testing

@_spi(Transport) @testable import NetworkLayer

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("StubTransport: behavior per endpoint")
struct StubBehaviorTests {
    enum Catalog: EndPointType, CaseIterable {
        case live, instant, slow, missing

        var baseURL: URL { URL(string: "https://api.example.com/3")! }
        var path: String { "\(self)" }
        var sampleData: Data { Data("sample \(self)".utf8) }

        var behavior: StubTransport<Catalog>.Behavior {
            switch self {
            case .live: .network
            case .instant: .immediate
            case .slow: .delayed(seconds: 0.2)
            case .missing: .immediate
            }
        }
    }

    /// A stub that sends `.live` over `network` and answers the rest, `.missing` with a 404.
    static func makeStub(network: ChunkedTransport) -> StubTransport<Catalog> {
        StubTransport(network: network, behavior: \.behavior) { endpoint in
            endpoint == .missing ? .http(404, data: Data("gone".utf8)) : .sampleData(of: endpoint)
        }
    }

    @Test(
        "each endpoint is answered as its behavior says",
        arguments: [
            (Catalog.live, 200, "from the network", 1),
            (.instant, 200, "sample instant", 0),
            (.slow, 200, "sample slow", 0),
            (.missing, 404, "gone", 0),
        ])
    func answeredByBehavior(endpoint: Catalog, status: Int, body: String, sends: Int) async throws {
        let network = ChunkedTransport { _ in (200, ["from the ", "network"]) }
        let router = Router(stub: Self.makeStub(network: network))
        let response = try await router.request(endpoint)
        #expect(response.statusCode == status)
        #expect(String(decoding: response.data, as: UTF8.self) == body)
        #expect(network.attempts.current == sends)
    }

    @Test("a delayed endpoint waits its delay while an immediate one does not")
    func delays() async throws {
        let router = Router(stub: Self.makeStub(network: ChunkedTransport { _ in (200, []) }))
        let clock = ContinuousClock()
        let instant = try await clock.measure { _ = try await router.request(.instant) }
        let slow = try await clock.measure { _ = try await router.request(.slow) }
        #expect(slow >= .milliseconds(200))
        #expect(instant < .milliseconds(200))
    }

    @Test("behavior(for:) reports each endpoint's choice")
    func reportsBehavior() {
        let stub = Self.makeStub(network: ChunkedTransport { _ in (200, []) })
        #expect(Catalog.allCases.map(stub.behavior(for:)) == Catalog.allCases.map(\.behavior))
    }

    @Test("an endpoint left to the network fails with unsupportedURL when the stub has no network")
    func networkWithoutTransport() async {
        let router = Router<Catalog>(stub: StubTransport(behavior: .network))
        do throws(NetworkError) {
            _ = try await router.request(.live)
            Issue.record("expected a transport error")
        } catch {
            guard let failure = error.ifKind(.unsupportedURL) else {
                Issue.record("expected transport, got \(error)")
                return
            }
            #expect(failure.kind == .unsupportedURL)
            #expect(error.description.contains("not stubbed"))
        }
    }

    @Test("a delay longer than any sleep is cancellable and does not trap")
    func hugeDelay() async {
        let router = Router<Catalog>(stub: StubTransport(behavior: .delayed(seconds: .greatestFiniteMagnitude)))
        let task = Task { try await router.request(.instant) }
        try? await Task.sleep(nanoseconds: 20_000_000)
        task.cancel()
        await #expect(throws: NetworkError.self) { try await task.value }
    }
}
