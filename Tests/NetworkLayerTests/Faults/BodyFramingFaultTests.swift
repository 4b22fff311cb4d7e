import Foundation
@_spi(Transport) import NetworkLayer
import Testing

/// Responses whose framing a careless client gets wrong: lengths announced for bodies that cannot
/// exist, and lengths that contradict each other.
@Suite("Faults: body framing", .needsFaultServer)
struct BodyFramingFaultTests {
    @Test(
        "No size limit applies to responses that cannot have a body",
        arguments: [FaultEndpoint.largeHead, .notModified])
    func noLimitWithoutBody(endpoint: FaultEndpoint) async throws {
        let router = try FaultServerPeer.makeRouter(configuration: RouterConfiguration(maximumResponseSize: 1000))

        let response = try await router.request(endpoint)

        #expect(response.data.isEmpty)
        #expect(response.headers["Content-Length"] == "500000000")
    }

    @Test("Two Content-Length fields that disagree fail as a bad response instead of trusting either")
    func conflictingLength() async throws {
        let router = try FaultServerPeer.makeRouter()

        let error = await #expect(throws: NetworkError.self) { try await router.request(.conflictingLength) }

        guard let failure = (try #require(error)).ifKind(.badResponse) else {
            Issue.record("expected a transport error, got \(String(describing: error))")
            return
        }
        #expect(failure.kind == .badResponse)
        // Each transport words the detail its own way; both name the field.
        #expect(String(describing: failure).lowercased().contains("content-length"))
    }

    /// Foundation on Linux reads a head in time that grows with the square of its lines (20,000 take
    /// about 6 s, against 0.02 s for curl), on one queue for every session of the process; a head of a
    /// few thousand lines still arrives whole and quickly enough to test.
    @Test("A head of 2,000 lines arrives whole")
    func manyHeaderLines() async throws {
        let router = try FaultServerPeer.makeRouter()

        let response = try await router.request(.manyHeaders(count: 2000))

        #expect(response.statusCode == 200)
        #expect(response.headers["X-0"] == "v")
        #expect(response.headers["X-1999"] == "v")
        #expect(response.data == Data("ok".utf8))
    }
}
