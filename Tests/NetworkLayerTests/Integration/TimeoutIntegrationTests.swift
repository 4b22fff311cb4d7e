import Foundation
@_spi(Transport) import NetworkLayer
import Testing

@Suite("Integration: timeouts", .needsHTTPBin)
struct TimeoutIntegrationTests {
    @Test("An endpoint timeout shorter than the server's delay fails with timedOut", .timeLimit(.minutes(1)))
    func endpointTimeout() async throws {
        let router = try HTTPBinPeer.makeRouter()

        let error = await #expect(throws: NetworkError.self) {
            try await router.request(.delay(seconds: 3, timeout: 1))
        }

        // httpbin answers after 3 s; a timedOut error shows that the 1 s timeout ended the request first.
        guard (try #require(error)).kind == .timedOut else {
            Issue.record("expected NetworkError.timedOut, got \(String(describing: error))")
            return
        }
    }

    @Test("A slow body that keeps arriving is not timed out: the timeout is an idle timeout", .timeLimit(.minutes(1)))
    func tricklingBodyCompletes() async throws {
        let router = try HTTPBinPeer.makeRouter()

        let response = try await router.request(.drip(bytes: 5, duration: 4, timeout: 2))

        #expect(response.statusCode == 200)
        #expect(response.data.count == 5)
    }
}
