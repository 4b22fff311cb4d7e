import Foundation
import HTTPTypes
import NetworkLayer
import NetworkLayerOpenAPIRuntime
import OpenAPIRuntime
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `RouterClientTransport` over the router's default transport against sse-starlette (`scripts/sse_server.py`,
/// whose `SSE_SERVER_URL` scripts/test.sh exports): the route of `event-streams.yaml`, `GET /api/greetings`.
@Suite(
    "Integration: RouterClientTransport against sse-starlette",
    .enabled(
        if: SSEPeer.server != nil || SSEPeer.isRequired, "SSE_SERVER_URL is not set; scripts/test.sh starts the peer"))
struct RouterClientTransportLoopbackTests {
    @Test("The first event reaches the client while the server holds the rest back", .timeLimit(.minutes(1)))
    func firstEventBeforeTheEnd() async throws {
        let server = try #require(SSEPeer.server, "SSE_SERVER_URL is not set")
        let gate = UUID().uuidString
        let router = Router<OpenAPIOperation>()
        let transport = RouterClientTransport(router: router)
        let request = HTTPRequest(
            method: .get, scheme: nil, authority: nil,
            path: "/api/greetings?name=Ada&count=3&interval_ms=10&gate=\(gate)",
            headerFields: [.accept: "text/event-stream"])
        let (response, body) = try await transport.send(
            request, body: nil, baseURL: server, operationID: "getGreetingsStream")
        #expect(response.status.code == 200)
        var events = try #require(body).asDecodedServerSentEvents().makeAsyncIterator()

        // The server sends the second event only once the gate is opened below, so the first one can have
        // arrived only through a transport that hands the body over as it comes.
        let first = try await events.next()
        #expect(first?.data == #"{"message": "Hello, Ada! (1)"}"#)
        #expect(try await SSEPeer.gate(gate, open: false, at: server) == GateState(opened: false, ended: false))

        #expect(try await SSEPeer.gate(gate, open: true, at: server).opened)
        var rest: [String] = []
        while let event = try await events.next() { rest.append(event.data ?? "") }
        #expect(rest == [#"{"message": "Hello, Ada! (2)"}"#, #"{"message": "Hello, Ada! (3)"}"#])
        #expect(try await SSEPeer.gate(gate, open: false, at: server).ended)
    }

    @Test("A request body goes out and the answer comes back over the network")
    func requestBody() async throws {
        let server = try #require(SSEPeer.server, "SSE_SERVER_URL is not set")
        let transport = RouterClientTransport(router: Router<OpenAPIOperation>())
        let gate = UUID().uuidString
        let request = HTTPRequest(method: .post, scheme: nil, authority: nil, path: "/api/gates/\(gate)")
        let (response, body) = try await transport.send(
            request, body: HTTPBody("ignored"), baseURL: server, operationID: "openGate")
        #expect(response.status.code == 200)
        let data = try await Data(collecting: try #require(body), upTo: 1024)
        #expect(try JSONDecoder().decode(GateState.self, from: data).opened)
    }
}

/// What `GET` or `POST /api/gates/KEY` says of a gated stream.
struct GateState: Decodable, Equatable {
    let opened: Bool
    let ended: Bool
}

/// The sse-starlette peer.
enum SSEPeer {
    static var server: URL? {
        ProcessInfo.processInfo.environment["SSE_SERVER_URL"].flatMap(URL.init(string:))
    }

    /// Whether the run promised that the loopback suites run: then a missing server fails the suite.
    static var isRequired: Bool { ProcessInfo.processInfo.environment["NETWORKLAYER_REQUIRE_INTEGRATION"] == "1" }

    /// The state of the gate `key`, opening it first when `open` is `true`.
    static func gate(_ key: String, open: Bool, at server: URL) async throws -> GateState {
        var request = URLRequest(url: server.appendingPathComponent("api/gates/\(key)"))
        request.httpMethod = open ? "POST" : "GET"
        let (data, _) = try await URLSession.shared.data(for: request)
        return try JSONDecoder().decode(GateState.self, from: data)
    }
}
