import Foundation
@_spi(Transport) import NetworkLayer
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Connections that are refused or dropped: the library as it is today, without a retry policy.
@Suite("Faults: connection failures", .needsFaultServer)
struct ConnectionFaultTests {
    /// How a body shorter than its Content-Length fails, whatever the transport. Linux Foundation passes curl's
    /// "transfer closed with N bytes remaining to read" on as `URLError(.unknown)`; `URLSessionTransport`
    /// reports it as `networkConnectionLost`, as Apple platforms do.
    static let truncatedBodyKinds: Set<NetworkError.Kind> = [.connectionLost]

    /// How a connection closed before any response fails. Linux Foundation passes curl's "Empty reply from
    /// server" on as `badServerResponse`; `URLSessionTransport` reports it as `networkConnectionLost`, as Apple
    /// platforms do.
    static let emptyReplyKinds: Set<NetworkError.Kind> = [.connectionLost]

    @Test(
        "A refused connection fails as cannotConnect, completing exactly once",
        .timeLimit(.minutes(1)))
    func refusedCompletesOnce() async throws {
        let router = try FaultServerPeer.makeRouter()
        let recorder = CompletionRecorder<Result<Response, NetworkError>>()

        router.request(.closedPort) { (result: Result<Response, NetworkError>) in recorder.record(result) }
        let deliveries = await recorder.collect(expected: 1, within: .seconds(15), settle: .milliseconds(500))

        try #require(deliveries.count == 1, "expected exactly one completion, got \(deliveries.count)")
        #expect(transportKind(deliveries[0].value.failure) == .cannotConnect)
    }

    @Test(
        "A refused connection throws cannotConnect from async code, naming host:port and what to check",
        .timeLimit(.minutes(1)))
    func refusedThrows() async throws {
        let router = try FaultServerPeer.makeRouter()

        let error = await #expect(throws: NetworkError.self) { try await router.request(.closedPort) }

        #expect(transportKind(error) == .cannotConnect)
        let url = try #require(error?.url)
        let place = "\(url.host ?? ""):\(url.port ?? 0)"
        let line = error?.description ?? ""
        #expect(line.hasPrefix("Cannot connect to \(place) (connection refused"), "\(line)")
        #expect(line.hasSuffix(" — check that a server is listening on \(place)"), "\(line)")
    }

    @Test(
        "A connection closed without a response fails with a transport error, completing exactly once",
        .timeLimit(.minutes(1)))
    func closedWithoutResponse() async throws {
        let router = try FaultServerPeer.makeRouter()
        let recorder = CompletionRecorder<Result<Response, NetworkError>>()

        router.request(.closeImmediately) { (result: Result<Response, NetworkError>) in recorder.record(result) }
        let deliveries = await recorder.collect(expected: 1, within: .seconds(15), settle: .milliseconds(500))

        try #require(deliveries.count == 1, "expected exactly one completion, got \(deliveries.count)")
        let kind = transportKind(deliveries[0].value.failure)
        #expect(kind.map(Self.emptyReplyKinds.contains) == true, "got \(String(describing: deliveries[0].value))")
    }

    @Test("A body cut short fails with a transport error, completing exactly once", .timeLimit(.minutes(1)))
    func closedMidBody() async throws {
        let router = try FaultServerPeer.makeRouter()
        let recorder = CompletionRecorder<Result<Response, NetworkError>>()

        router.request(.closeMidBody) { (result: Result<Response, NetworkError>) in recorder.record(result) }
        let deliveries = await recorder.collect(expected: 1, within: .seconds(15), settle: .milliseconds(500))

        try #require(deliveries.count == 1, "expected exactly one completion, got \(deliveries.count)")
        let kind = transportKind(deliveries[0].value.failure)
        #expect(kind.map(Self.truncatedBodyKinds.contains) == true, "got \(String(describing: deliveries[0].value))")
    }

    @Test("A body cut short is not decoded: the manager throws the transport error", .timeLimit(.minutes(1)))
    func closedMidBodyThroughManager() async throws {
        let manager = try FaultServerPeer.makeManager()

        let error = await #expect(throws: NetworkError.self) { try await manager.request(.closeMidBody, as: Data.self) }

        #expect(transportKind(error).map(Self.truncatedBodyKinds.contains) == true, "got \(String(describing: error))")
    }
}

/// The kind of a failure that came with no response, or `nil` for anything else.
func transportKind(_ error: NetworkError?) -> NetworkError.Kind? {
    guard let error, error.response == nil else { return nil }
    return error.kind
}
