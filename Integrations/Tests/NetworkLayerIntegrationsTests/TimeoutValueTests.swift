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
}
