import Foundation
import NetworkLayer
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Connections that are refused or dropped: the library as it is today, without a retry policy.
@Suite("Faults: connection failures", .needsFaultServer)
struct ConnectionFaultTests {
    /// How a body shorter than its Content-Length fails. Linux Foundation passes curl's "transfer closed
    /// with N bytes remaining to read" on as `URLError(.unknown)`; the transport reports it as
    /// `networkConnectionLost`, as Apple platforms do.
    static let truncatedBodyCodes: Set<URLError.Code> = [.networkConnectionLost]

    /// How a connection closed before any response fails. Linux Foundation passes curl's "Empty reply from
    /// server" on as `badServerResponse`; the transport reports it as `networkConnectionLost`, as Apple
    /// platforms do.
    static let emptyReplyCodes: Set<URLError.Code> = [.networkConnectionLost]

    @Test(
        "A refused connection fails with transport(cannotConnectToHost), completing exactly once",
        .timeLimit(.minutes(1)))
    func refusedCompletesOnce() async throws {
        let router = try FaultServerPeer.makeRouter()
        let recorder = CompletionRecorder<Result<Response, NetworkError>>()

        router.request(.closedPort) { (result: Result<Response, NetworkError>) in recorder.record(result) }
        let deliveries = await recorder.collect(expected: 1, within: .seconds(15), settle: .milliseconds(500))

        try #require(deliveries.count == 1, "expected exactly one completion, got \(deliveries.count)")
        #expect(transportCode(deliveries[0].value.failure) == .cannotConnectToHost)
    }

    @Test("A refused connection throws transport(cannotConnectToHost) from async code", .timeLimit(.minutes(1)))
    func refusedThrows() async throws {
        let router = try FaultServerPeer.makeRouter()

        let error = await #expect(throws: NetworkError.self) { try await router.request(.closedPort) }

        #expect(transportCode(error) == .cannotConnectToHost)
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
        let code = transportCode(deliveries[0].value.failure)
        #expect(code.map(Self.emptyReplyCodes.contains) == true, "got \(String(describing: deliveries[0].value))")
    }

    @Test("A body cut short fails with a transport error, completing exactly once", .timeLimit(.minutes(1)))
    func closedMidBody() async throws {
        let router = try FaultServerPeer.makeRouter()
        let recorder = CompletionRecorder<Result<Response, NetworkError>>()

        router.request(.closeMidBody) { (result: Result<Response, NetworkError>) in recorder.record(result) }
        let deliveries = await recorder.collect(expected: 1, within: .seconds(15), settle: .milliseconds(500))

        try #require(deliveries.count == 1, "expected exactly one completion, got \(deliveries.count)")
        let code = transportCode(deliveries[0].value.failure)
        #expect(code.map(Self.truncatedBodyCodes.contains) == true, "got \(String(describing: deliveries[0].value))")
    }

    @Test("A body cut short is not decoded: the manager throws the transport error", .timeLimit(.minutes(1)))
    func closedMidBodyThroughManager() async throws {
        let manager = try FaultServerPeer.makeManager()

        let error = await #expect(throws: NetworkError.self) { try await manager.request(.closeMidBody, as: Data.self) }

        #expect(transportCode(error).map(Self.truncatedBodyCodes.contains) == true, "got \(String(describing: error))")
    }
}

/// The `URLError` code of a ``NetworkError/transport(_:)`` failure, or `nil` for anything else.
func transportCode(_ error: NetworkError?) -> URLError.Code? {
    if case .transport(let failure) = error { return failure.urlErrorCode }
    return nil
}
