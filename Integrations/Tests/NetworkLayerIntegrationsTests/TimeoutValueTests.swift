import AsyncHTTPClient
import Foundation
import NIOCore
import Testing

@testable import NetworkLayerAsyncHTTPClient

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("AsyncHTTPClientTransport timeouts")
struct TimeoutValueTests {
    /// (the request's timeoutInterval, the wait for the head)
    @Test(
        "every timeoutInterval a request can hold becomes a deadline, without a trap",
        arguments: [
            (1.5, TimeAmount.milliseconds(1500)), (60, .seconds(60)), (0, .seconds(60)), (-3, .seconds(60)),
            (.nan, .seconds(60)), (.infinity, .seconds(9_223_372_036)), (1e300, .seconds(9_223_372_036)),
        ] as [(TimeInterval, TimeAmount)]
    )
    func timeout(interval: TimeInterval, expected: TimeAmount) throws {
        var request = URLRequest(url: try #require(URL(string: "http://127.0.0.1/")))
        request.timeoutInterval = interval
        #expect(AsyncHTTPClientTransport.timeout(of: request) == expected)
    }

    /// (the request's timeout, the client's read timeout, the timeout the body's watch enforces)
    @Test(
        "a body is watched only when the client's read timeout would fire later than the request's",
        arguments: [
            (TimeAmount.seconds(60), TimeAmount?.some(.seconds(60)), TimeAmount?.none),
            (.seconds(60), .seconds(5), nil),
            (.seconds(1), .seconds(60), .seconds(1)),
            (.milliseconds(1500), .milliseconds(1499), nil),
            (.milliseconds(1500), .milliseconds(1501), .milliseconds(1500)),
            (.seconds(60), nil, .seconds(60)),
        ] as [(TimeAmount, TimeAmount?, TimeAmount?)]
    )
    func watchedTimeout(requested: TimeAmount, client: TimeAmount?, expected: TimeAmount?) {
        #expect(IdleWatch.needed(for: requested, clientReadTimeout: client) == expected)
    }

    /// (the request's timeoutInterval, the read timeout the transport's own client is given, the timeout the
    /// body's watch enforces); `nil` leaves the transport's default of 60 s.
    @Test(
        "a transport that configured its client watches only requests that wait less than the client",
        arguments: [
            (60, TimeAmount?.none, TimeAmount?.none), (1.5, nil, .milliseconds(1500)), (90, .seconds(90), nil),
            (30, .seconds(90), .seconds(30)),
        ] as [(TimeInterval, TimeAmount?, TimeAmount?)]
    )
    func ownClientWatch(interval: TimeInterval, readTimeout: TimeAmount?, expected: TimeAmount?) async throws {
        var configuration = HTTPClient.Configuration()
        configuration.timeout.read = readTimeout
        let transport = AsyncHTTPClientTransport(configuration: configuration)
        var request = URLRequest(url: try #require(URL(string: "http://127.0.0.1/")))
        request.timeoutInterval = interval

        #expect(transport.idleTimeout(of: request) == expected)
        try await transport.shutdown()
    }

    @Test("a transport over the app's client, whose read timeout it cannot see, watches every body")
    func appClientWatch() async throws {
        let client = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup)
        let transport = AsyncHTTPClientTransport(client: client)
        var request = URLRequest(url: try #require(URL(string: "http://127.0.0.1/")))
        request.timeoutInterval = 60

        #expect(transport.idleTimeout(of: request) == .seconds(60))
        try await client.shutdown()
    }
}
