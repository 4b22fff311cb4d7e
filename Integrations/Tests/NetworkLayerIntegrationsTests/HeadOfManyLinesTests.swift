import Foundation
import NetworkLayer
import NetworkLayerAsyncHTTPClient
import Testing

/// Responses with huge heads beside small requests on the same router, over AsyncHTTPClientTransport.
///
/// Over FoundationNetworking every session of the process parses heads on one shared queue, in time that grows
/// with the square of the lines (about 6 s for 20,000), and other requests wait behind it. SwiftNIO parses a
/// head as it arrives, on the connection's own event loop, and refuses one over 80 KB as a bad response.
@Suite("Huge heads beside small requests", .enabled(if: FaultRoute.server != nil, "FAULT_SERVER_URL is not set"))
struct HeadOfManyLinesTests {
    /// Sends 20 small requests concurrently with `other`, and returns their status codes.
    static func smallRequests(_ router: Router<FaultRoute>, beside other: @escaping @Sendable () async -> Void)
        async throws -> [Int]
    {
        let id = UUID().uuidString
        return try await withThrowingTaskGroup(of: Int?.self) { group in
            group.addTask {
                await other()
                return nil
            }
            for _ in 0..<20 {
                group.addTask { try await router.request(.attempts(id: id)).statusCode }
            }
            var statuses: [Int] = []
            for try await status in group {
                if let status { statuses.append(status) }
            }
            return statuses
        }
    }

    @Test("a 20,000-line head fails as a bad response and the small requests beside it all succeed")
    func hugeHead() async throws {
        try await Carrier.asyncHTTPClient.withRouter(FaultRoute.self) { router in
            let statuses = try await Self.smallRequests(router) {
                await #expect {
                    try await router.request(.manyHeaders(count: 20_000))
                } throws: { error in
                    (error as? NetworkError)?.kind == .badResponse
                }
            }
            #expect(statuses == Array(repeating: 200, count: 20))
        }
    }

    @Test("a 7,000-line head arrives whole beside the small requests")
    func largeHead() async throws {
        try await Carrier.asyncHTTPClient.withRouter(FaultRoute.self) { router in
            let statuses = try await Self.smallRequests(router) {
                let response = try? await router.request(.manyHeaders(count: 7_000))
                #expect(response?.headers["X-6999"] == "v")
            }
            #expect(statuses == Array(repeating: 200, count: 20))
        }
    }
}
