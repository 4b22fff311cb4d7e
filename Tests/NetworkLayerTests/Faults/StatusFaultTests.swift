import Foundation
@_spi(Transport) import NetworkLayer
import Testing

/// Error statuses from the server: the library as it is today, without a retry policy, so every
/// request reaches the server exactly once. Retrying them is the retry policy's business and is
/// tested with it.
@Suite("Faults: error statuses", .needsFaultServer)
struct StatusFaultTests {
    @Test("A 5xx is a serverError that keeps the response, after exactly one request", arguments: [500, 502, 503, 504])
    func serverErrorIsNotRetried(status: Int) async throws {
        let manager = try FaultServerPeer.makeManager()
        let id = FaultServerPeer.uniqueID()

        let error = await #expect(throws: NetworkError.self) {
            try await manager.request(.flaky(id: id, failures: 100, status: status), as: FaultAttempt.self)
        }

        guard let response = (try #require(error)).response(ifKind: .serverError) else {
            Issue.record("expected NetworkError.serverError, got \(String(describing: error))")
            return
        }
        #expect(response.statusCode == status)
        #expect(try response.decode(FaultAttempt.self).attempt == 1)
        #expect(try await FaultServerPeer.attempts(for: id) == 1)
    }

    @Test("A bare 503 maps to serverError with an empty body")
    func bareServiceUnavailable() async throws {
        let router = try FaultServerPeer.makeRouter()
        let manager = NetworkManager(router: router)

        let error = await #expect(throws: NetworkError.self) { try await manager.response(for: .status(503)) }

        guard let response = (try #require(error)).response(ifKind: .serverError) else {
            Issue.record("expected NetworkError.serverError, got \(String(describing: error))")
            return
        }
        #expect(response.statusCode == 503)
        #expect(response.data.isEmpty)
    }

    @Test("A 429 is a clientError whose Retry-After header can be read", arguments: [false, true])
    func rateLimitedExposesRetryAfter(asDate: Bool) async throws {
        let manager = try FaultServerPeer.makeManager()
        let id = FaultServerPeer.uniqueID()

        let error = await #expect(throws: NetworkError.self) {
            try await manager.request(.rateLimited(id: id, retryAfter: 1, asDate: asDate), as: FaultAttempt.self)
        }

        guard let response = (try #require(error)).response(ifKind: .clientError) else {
            Issue.record("expected NetworkError.clientError, got \(String(describing: error))")
            return
        }
        #expect(response.statusCode == 429)
        let retryAfter = try #require(response.headers["retry-after"])
        #expect(response.head.httpURLResponse.value(forHTTPHeaderField: "Retry-After") == retryAfter)
        if asDate {
            #expect(retryAfter.hasSuffix(" GMT"), "not an HTTP-date: \(retryAfter)")
        } else {
            #expect(retryAfter == "1")
        }
        #expect(try await FaultServerPeer.attempts(for: id) == 1)
    }

    @Test("After the 429, the next request for the same id succeeds")
    func rateLimitedThenSucceeds() async throws {
        let manager = try FaultServerPeer.makeManager()
        let id = FaultServerPeer.uniqueID()

        _ = try? await manager.request(.rateLimited(id: id, retryAfter: 1, asDate: false), as: FaultAttempt.self)
        let second = try await manager.request(
            .rateLimited(id: id, retryAfter: 1, asDate: false), as: FaultAttempt.self)

        #expect(second.attempt == 2)
    }
}
