import Foundation
@_spi(Transport) import NetworkLayer
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Every timeout a request can hold becomes one a transport can apply.
@Suite("Transport timeouts")
struct TransportTimeoutTests {
    @Test(
        "a timeout is bounded, and one that is not a positive number is the default",
        arguments: [
            (1.5, 1.5), (60, 60), (9_223_372_036, 9_223_372_036), (9_223_372_037, 9_223_372_036),
            (1e300, 9_223_372_036), (.infinity, 9_223_372_036), (0, 60), (-3, 60), (-.infinity, 60), (.nan, 60),
        ] as [(TimeInterval, TimeInterval)])
    func bounded(seconds: TimeInterval, expected: TimeInterval) {
        #expect(TransportTimeout.bounded(seconds) == expected)
    }

    @Test(
        "the router builds requests with a timeout within the bound",
        arguments: [TimeInterval.infinity, 1e300, .nan, 9_223_372_036_854_776])
    func builtRequest(timeout: TimeInterval) throws {
        let router = Router<TestEndpoint>(
            configuration: RouterConfiguration(timeout: timeout), transport: ClosureTransport.status(200))
        let request = try router.makeRequest(for: TestEndpoint())
        #expect(request.timeoutInterval.isFinite)
        #expect(request.timeoutInterval <= TransportTimeout.maximum)
        #expect(request.timeoutInterval >= 1)
    }
}
