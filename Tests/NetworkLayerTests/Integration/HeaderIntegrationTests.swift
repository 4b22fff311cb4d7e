import Foundation
@_spi(Transport) import NetworkLayer
import TestSupport
import Testing

@Suite("Integration: headers", .needsHTTPBin)
struct HeaderIntegrationTests {
    @Test("Router, endpoint and task headers all arrive; the task's win, then the endpoint's")
    func headerPrecedence() async throws {
        let router = try HTTPBinPeer.makeRouter(
            configuration: RouterConfiguration(
                headers: ["X-Router": "router", "X-Shared": "router", "X-Pair": "router"]
            )
        )

        let response = try await router.request(
            .headers(
                endpoint: ["X-Endpoint": "endpoint", "X-Shared": "endpoint", "X-Pair": "endpoint"],
                task: ["X-Task": "task", "x-shared": "task"]
            )
        )

        let headers = try #require(try response.decode(HTTPBinEcho.self).headers)
        #expect(headers["X-Router"] == "router")
        #expect(headers["X-Endpoint"] == "endpoint")
        #expect(headers["X-Task"] == "task")
        #expect(headers["X-Shared"] == "task")
        #expect(headers["X-Pair"] == "endpoint")
    }
}

@Suite("Integration: the standard request head", .needsHTTPBin)
struct StandardHeadIntegrationTests {
    @Test(
        "The router's User-Agent, Accept and Accept-Language arrive, and Accept-Encoding names what the transport decodes"
    )
    func standardHead() async throws {
        let transport = LoopbackPeer.makeTransport()
        let router = Router<HTTPBinEndpoint>(transport: transport)
        _ = try HTTPBinPeer.requireURL()

        let response = try await router.request(.headers(endpoint: [:], task: [:]))

        let headers = try #require(try response.decode(HTTPBinEcho.self).headers)
        let agent = try #require(headers["User-Agent"])
        #expect(agent.contains(" NetworkLayer/"), "\(agent)")
        #expect(agent.hasSuffix(")"), "\(agent)")
        #expect(headers["Accept"] == "*/*")
        let language = try #require(headers["Accept-Language"])
        #expect(language.hasPrefix(Locale.preferredLanguages.first ?? "en"))
        #expect(headers["Accept-Encoding"] == transport.decodedContentCodings.joined(separator: ", "))
        let expected: Set = ["Accept", "Accept-Encoding", "Accept-Language", "Host", "User-Agent"]
        #expect(Set(headers.keys).subtracting(["Connection", "Content-Length"]) == expected)
    }
}
