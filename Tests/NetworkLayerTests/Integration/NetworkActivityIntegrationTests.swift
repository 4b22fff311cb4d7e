import Foundation
@_spi(Transport) import NetworkLayer
import TestSupport
import Testing

@Suite("Integration: network activity", .needsHTTPBin, .timeLimit(.minutes(1)))
struct NetworkActivityIntegrationTests {
    @Test("Requests to httpbin, answered, refused and cancelled, each begin and end once")
    func activity() async throws {
        let changes = Locked<[Int]>([])
        let plugin = NetworkActivityPlugin { inFlight in changes.withLock { $0.append(inFlight) } }
        let router = try HTTPBinPeer.makeRouter(configuration: RouterConfiguration(plugins: [plugin]))
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<4 { group.addTask { _ = try await router.request(.get(query: [:])) } }
            group.addTask { _ = try await router.request(.status(500)) }
            try await group.waitForAll()
        }
        let slow = Task { try await router.request(.delay(seconds: 5)) }
        #expect(await eventually { changes.current.last == 1 })
        slow.cancel()
        _ = await slow.result
        #expect(await eventually { changes.current.last == 0 })
        #expect(changes.current.count == 12)
        let steps = zip([0] + changes.current, changes.current).map { $1 - $0 }
        #expect(steps.filter { $0 == 1 }.count == 6)
        #expect(steps.allSatisfy { $0 == 1 || $0 == -1 })
        #expect(changes.current.last == 0)
    }
}
