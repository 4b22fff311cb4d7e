import Foundation
@_spi(Transport) import NetworkLayer
import Testing

/// Timeouts mean the same over both transports: every value a configuration or an endpoint can hold is
/// applied without stopping the process, and a body that stalls fails by the request's own timeout.
@Suite("Faults: timeout values", .needsFaultServer)
struct TimeoutValueFaultTests {
    @Test(
        "Any timeout a configuration can hold is sent without a trap",
        arguments: [TimeInterval.infinity, 1e300, 9_223_372_036_854_776, .nan, -.infinity, 0, -5])
    func configurationTimeout(timeout: TimeInterval) async throws {
        let router = try FaultServerPeer.peer.makeRouter(
            for: FramingRoute.self, configuration: RouterConfiguration(timeout: timeout))

        let response = try await router.request(.plain(timeout: nil))

        #expect(response.statusCode == 200)
    }

    @Test("Any endpoint timeout is sent without a trap", arguments: [TimeInterval.infinity, 1e300, .nan])
    func endpointTimeout(timeout: TimeInterval) async throws {
        let router = try FaultServerPeer.peer.makeRouter(for: FramingRoute.self)

        let response = try await router.request(.plain(timeout: timeout))

        #expect(response.statusCode == 200)
    }

    /// The server sends the head and 100 of 1000 bytes, then nothing for longer than the test may take:
    /// only the request's own timeout (1 s) can end it. AsyncHTTPClient's read timeout (60 s) must not be
    /// what does.
    @Test("A body that stalls fails by the request's timeout", .timeLimit(.minutes(1)))
    func stalledBody() async throws {
        let router = try FaultServerPeer.peer.makeRouter(for: FramingRoute.self)
        let start = ContinuousClock.now

        let error = await #expect(throws: NetworkError.self) { try await router.request(.stallBody(timeout: 1)) }

        guard (try #require(error)).kind == .timedOut else {
            Issue.record("expected timedOut, got \(String(describing: error))")
            return
        }
        // A guard against a transport that waits for a timeout of its own, not a measure of the 1 s.
        #expect(start.duration(to: .now) < .seconds(30))
    }

    @Test("A streamed body that stalls fails by the request's timeout", .timeLimit(.minutes(1)))
    func stalledStream() async throws {
        let router = try FaultServerPeer.peer.makeRouter(for: FramingRoute.self)
        let start = ContinuousClock.now
        let streamed = try await router.stream(.stallBody(timeout: 1))

        let error = await #expect(throws: (any Error).self) {
            for try await _ in streamed.body {}
        }

        #expect((error as? NetworkError)?.kind == .timedOut, "got \(String(describing: error))")
        #expect(start.duration(to: .now) < .seconds(30))
    }

    /// Foundation on Linux refuses every IPv6 literal host (it compares `URL.host`, `::1`, with curl's
    /// reading, `[::1]`); the transport says so. AsyncHTTPClient tries to connect, and nothing listens.
    @Test("An IPv6 literal host fails with a typed error that explains it")
    func ipv6Literal() async throws {
        let url = try #require(URL(string: "http://[::1]:1"))
        let router = try FaultServerPeer.peer.makeRouter(for: FramingRoute.self)

        let error = await #expect(throws: NetworkError.self) { try await router.request(.unserved(url)) }

        let failure = try #require(error)
        #if canImport(FoundationNetworking) && !NETWORKLAYER_ASYNC_HTTP_CLIENT
        #expect(failure.kind == .unsupportedURL)
        #expect(failure.detail?.contains("IPv6") == true)
        #else
        #expect(failure.kind == .cannotConnect)
        #endif
    }
}
