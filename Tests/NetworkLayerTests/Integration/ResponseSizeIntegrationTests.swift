import Foundation
@_spi(Transport) import NetworkLayer
import Testing

@Suite("Integration: response size limit", .needsHTTPBin)
struct ResponseSizeIntegrationTests {
    static let limit = 10 * 1024

    @Test(
        "A body over the limit fails with responseTooLarge, with or without a Content-Length",
        .timeLimit(.minutes(1)),
        arguments: [TransferEndpoint.bytes(count: 102_400, seed: 1), .streamBytes(count: 102_400)]
    )
    func overLimit(endpoint: TransferEndpoint) async throws {
        let router = try HTTPBinPeer.makeTransferRouter(maximumResponseSize: Self.limit)

        let error = await #expect(throws: NetworkError.self) { try await router.request(endpoint) }

        guard let limit = (try #require(error)).sizeLimit else {
            Issue.record("expected responseTooLarge, got \(String(describing: error))")
            return
        }
        #expect(limit == Self.limit)
    }

    @Test("A Content-Length over the limit fails before the body arrives", .timeLimit(.minutes(1)))
    func failsEarly() async throws {
        let router = try HTTPBinPeer.makeTransferRouter(maximumResponseSize: Self.limit)
        let start = ContinuousClock.now

        // 20 KB dripped over 20 s: reading it all would take 20 s.
        let error = await #expect(throws: NetworkError.self) {
            try await router.request(.drip(bytes: 20_000, duration: 20))
        }

        guard case .responseTooLarge = try #require(error) else {
            Issue.record("expected responseTooLarge, got \(String(describing: error))")
            return
        }
        #expect(start.duration(to: .now) < .seconds(10))
    }

    @Test("A body within the limit arrives whole")
    func withinLimit() async throws {
        let router = try HTTPBinPeer.makeTransferRouter(maximumResponseSize: Self.limit)

        let response = try await router.request(.bytes(count: Self.limit, seed: 2))

        #expect(response.data.count == Self.limit)
    }

    @Test("Without a limit, the default (100 MB) lets a 100 KB body through")
    func defaultLimit() async throws {
        let router = try HTTPBinPeer.makeTransferRouter()

        let response = try await router.request(.bytes(count: 102_400, seed: 3))

        #expect(response.data.count == 102_400)
    }
}
