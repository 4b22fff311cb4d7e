import Foundation
@_spi(Transport) import NetworkLayer
import Testing

/// The HTTP version a real peer's status line names, as each transport reports it.
@Suite("Faults: HTTP version of the status line", .needsFaultServer)
struct HTTPVersionFaultTests {
    @Test(
        "The head reports the version the status line names over AsyncHTTPClient, and none over URLSession",
        arguments: [("1.0", HTTPVersion(major: 1, minor: 0)), ("1.1", HTTPVersion(major: 1, minor: 1))])
    func statusLineVersion(spelled: String, version: HTTPVersion) async throws {
        let router = try FaultServerPeer.makeRouter()

        let response = try await router.request(.httpVersion(spelled))
        let streamed = try await router.stream(.httpVersion(spelled))
        var body = Data()
        for try await chunk in streamed.body { body.append(chunk) }

        #expect(response.data == Data("ok".utf8))
        #expect(body == Data("ok".utf8))
        #if NETWORKLAYER_ASYNC_HTTP_CLIENT
        #expect(response.head.httpVersion == version)
        #expect(streamed.response.head.httpVersion == version)
        #else
        // Foundation's URLSession does not pass the version on (on Linux its HTTPURLResponse drops it), so
        // the head says it does not know rather than guess.
        #expect(response.head.httpVersion == nil)
        #expect(streamed.response.head.httpVersion == nil)
        #endif
    }
}
