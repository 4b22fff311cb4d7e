import Foundation
@_spi(Transport) import NetworkLayer
import Testing

@Suite("Integration: headers", .needsHTTPBin)
struct HeaderIntegrationTests {
    @Test("Router, endpoint and task headers all arrive; the task's win, then the endpoint's")
    func headerPrecedence() async throws {
        let router = try HTTPBinPeer.makeRouter(
            configuration: RouterConfiguration(
                headers: ["X-Router": "router", "X-Shared": "router", "X-Pair": "router"]
            )
        )

        let response = try await router.request(
            .headers(
                endpoint: ["X-Endpoint": "endpoint", "X-Shared": "endpoint", "X-Pair": "endpoint"],
                task: ["X-Task": "task", "x-shared": "task"]
            )
        )

        let headers = try #require(try response.decode(HTTPBinEcho.self).headers)
        #expect(headers["X-Router"] == "router")
        #expect(headers["X-Endpoint"] == "endpoint")
        #expect(headers["X-Task"] == "task")
        #expect(headers["X-Shared"] == "task")
        #expect(headers["X-Pair"] == "endpoint")
    }
}
