import Foundation
import HTTPTypes
import IntegrationSupport
@_spi(Transport) import NetworkLayer
import NetworkLayerOpenAPIRuntime
import OpenAPIRuntime
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `RouterClientTransport` in process: what reaches the router's transport, stubs, retries, credential refresh,
/// plugins, and bodies streamed both ways.
@Suite("RouterClientTransport")
struct RouterClientTransportTests {
    static let server = URL(string: "https://api.example.com/v1")!

    static func request(
        _ method: HTTPRequest.Method = .get, path: String, fields: HTTPFields = [:]
    ) -> HTTPRequest {
        HTTPRequest(method: method, scheme: nil, authority: nil, path: path, headerFields: fields)
    }

    struct Split: Sendable {
        let path: String
        let expected: String
    }

    @Test(
        "The client's path and query reach the wire as the client encoded them",
        arguments: [
            Split(path: "/pets", expected: "https://api.example.com/v1/pets"),
            Split(
                path: "/pets?limit=10&tags=a&tags=b", expected: "https://api.example.com/v1/pets?limit=10&tags=a&tags=b"
            ),
            Split(path: "/pets/a%20b?q=x%2By", expected: "https://api.example.com/v1/pets/a%20b?q=x%2By"),
            Split(path: "/pets#frag", expected: "https://api.example.com/v1/pets"),
        ])
    func url(_ split: Split) async throws {
        let seen = Seen()
        let transport = RouterClientTransport(router: Router(transport: seen.transport(status: 200)))
        var fields = HTTPFields()
        fields[.accept] = "application/json"
        fields.append(HTTPField(name: .cookie, value: "a=1"))
        fields.append(HTTPField(name: .cookie, value: "b=2"))
        _ = try await transport.send(
            Self.request(path: split.path, fields: fields), body: nil, baseURL: Self.server, operationID: "listPets")
        let sent = try #require(seen.requests.first)
        #expect(sent.url?.absoluteString == split.expected)
        #expect(sent.value(forHTTPHeaderField: "Accept") == "application/json")
        #expect(sent.value(forHTTPHeaderField: "Cookie") == "a=1; b=2")
    }

    @Test("A stub answers by operation ID, and every status reaches the client")
    func stub() async throws {
        let stub = StubTransport<OpenAPIOperation> { operation in
            operation.operationID == "showPetById"
                ? .http(404, headers: ["Content-Type": "application/json"], data: Data(#"{"code":404}"#.utf8))
                : .http(200, data: Data("[]".utf8))
        }
        let transport = RouterClientTransport(router: Router(stub: stub))
        let (response, body) = try await transport.send(
            Self.request(path: "/pets/7"), body: nil, baseURL: Self.server, operationID: "showPetById")
        #expect(response.status.code == 404)
        #expect(response.headerFields[.contentType] == "application/json")
        let bytes = try await Data(collecting: try #require(body), upTo: 1024)
        #expect(String(decoding: bytes, as: UTF8.self) == #"{"code":404}"#)
    }

    @Test("A retryable status is retried by the router's policy, the body sent again")
    func retry() async throws {
        let seen = Seen()
        let configuration = RouterConfiguration(
            retryPolicy: RetryPolicy(maximumRetries: 2, initialBackoff: 0, jitter: 0))
        let router = Router<OpenAPIOperation>(
            configuration: configuration, transport: seen.transport { $0 < 3 ? 503 : 201 })
        let transport = RouterClientTransport(router: router)
        let (response, _) = try await transport.send(
            Self.request(.put, path: "/pets/1"), body: HTTPBody(#"{"name":"Rex"}"#),
            baseURL: Self.server, operationID: "updatePet")
        #expect(response.status.code == 201)
        #expect(seen.bodies == Array(repeating: #"{"name":"Rex"}"#, count: 3))
    }

    struct Token: Authenticator {
        func apply(_ credential: String, to request: inout URLRequest) {
            request.setValue("Bearer \(credential)", forHTTPHeaderField: "Authorization")
        }
        func refresh(_ credential: String) async throws -> String { "fresh" }
    }

    @Test("A rejected credential is refreshed and the request resent; customize can exempt an operation")
    func refresh() async throws {
        let seen = Seen()
        let configuration = RouterConfiguration(
            authentication: AuthenticationCoordinator(authenticator: Token(), credential: "stale"))
        let router = Router<OpenAPIOperation>(
            configuration: configuration,
            transport: seen.transport { _ in
                seen.requests.last?.value(forHTTPHeaderField: "Authorization") == "Bearer stale" ? 401 : 200
            })
        let transport = RouterClientTransport(router: router) { operation in
            operation.requiresAuthentication = operation.operationID != "publicInfo"
        }
        let (response, _) = try await transport.send(
            Self.request(path: "/me"), body: nil, baseURL: Self.server, operationID: "me")
        #expect(response.status.code == 200)
        #expect(
            seen.requests.map { $0.value(forHTTPHeaderField: "Authorization") } == ["Bearer stale", "Bearer fresh"])
        _ = try await transport.send(
            Self.request(path: "/info"), body: nil, baseURL: Self.server, operationID: "publicInfo")
        #expect(seen.requests.last?.value(forHTTPHeaderField: "Authorization") == nil)
    }

    struct Stamp: PluginType {
        func prepare(_ request: URLRequest, context: PluginContext) async throws(NetworkError) -> URLRequest {
            var request = request
            let operation = context.endpoint as? OpenAPIOperation
            request.setValue(operation?.operationID, forHTTPHeaderField: "X-Operation")
            return request
        }
    }

    @Test("Plugins see the operation")
    func plugins() async throws {
        let seen = Seen()
        let router = Router<OpenAPIOperation>(
            configuration: RouterConfiguration(plugins: [Stamp()]), transport: seen.transport(status: 200))
        _ = try await RouterClientTransport(router: router).send(
            Self.request(path: "/pets"), body: nil, baseURL: Self.server, operationID: "listPets")
        #expect(seen.requests.first?.value(forHTTPHeaderField: "X-Operation") == "listPets")
    }

    @Test("Both bodies stream: a request chunk comes back before the client wrote the next", .timeLimit(.minutes(1)))
    func duplex() async throws {
        let (chunks, input) = AsyncStream.makeStream(of: String.self)
        let transport = RouterClientTransport(router: Router(transport: EchoTransport()))
        let (response, body) = try await transport.send(
            Self.request(.post, path: "/echo"), body: HTTPBody(chunks, length: .unknown),
            baseURL: Self.server, operationID: "echo")
        #expect(response.status.code == 200)
        var received = try #require(body).makeAsyncIterator()
        input.yield("first")
        // Were either body gathered whole, this chunk would never come back while the request is open.
        #expect(try await received.next().map { String(decoding: $0, as: UTF8.self) } == "first")
        input.yield("second")
        input.finish()
        #expect(try await received.next().map { String(decoding: $0, as: UTF8.self) } == "second")
        #expect(try await received.next() == nil)
    }

    @Test("A body the client can read only once is not sent again: the retry fails instead")
    func singleIterationBody() async throws {
        let seen = Seen()
        let configuration = RouterConfiguration(
            retryPolicy: RetryPolicy(maximumRetries: 2, initialBackoff: 0, jitter: 0))
        let router = Router<OpenAPIOperation>(configuration: configuration, transport: seen.transport { _ in 503 })
        let (chunks, input) = AsyncStream.makeStream(of: String.self)
        input.yield(#"{"name":"Rex"}"#)
        input.finish()
        await #expect(throws: NetworkError.self) {
            _ = try await RouterClientTransport(router: router).send(
                Self.request(.put, path: "/pets/1"), body: HTTPBody(chunks, length: .unknown),
                baseURL: Self.server, operationID: "updatePet")
        }
        #expect(seen.bodies == [#"{"name":"Rex"}"#])
    }

    @Test("A router with a baseURL of its own is refused: it would drop the client's server and query")
    func routerBaseURL() async throws {
        let seen = Seen()
        let router = Router<OpenAPIOperation>(
            configuration: RouterConfiguration(baseURL: URL(string: "https://other.example")),
            transport: seen.transport(status: 200))
        let error = await #expect(throws: NetworkError.self) {
            _ = try await RouterClientTransport(router: router).send(
                Self.request(path: "/pets?limit=1"), body: nil, baseURL: Self.server, operationID: "listPets")
        }
        #expect(error?.kind == .invalidRequest)
        #expect(seen.requests.isEmpty)
    }

    @Test("A failure to exchange throws the router's NetworkError")
    func failure() async throws {
        let stub = StubTransport<OpenAPIOperation> { _ in .failure(.cannotConnectToHost) }
        let transport = RouterClientTransport(router: Router(stub: stub))
        await #expect(throws: NetworkError.self) {
            _ = try await transport.send(
                Self.request(path: "/pets"), body: nil, baseURL: Self.server, operationID: "listPets")
        }
    }
}

/// Records what reaches the transport: the request heads and their bodies as text.
final class Seen: Sendable {
    private let state = Locked<(requests: [URLRequest], bodies: [String])>(([], []))

    var requests: [URLRequest] { state.withLock { $0.requests } }
    var bodies: [String] { state.withLock { $0.bodies } }

    func transport(status: Int) -> ClosureTransport { transport { _ in status } }

    /// Answers attempt `n` (1 for the first) with `status(n)` and an empty JSON body.
    func transport(status: @escaping @Sendable (Int) -> Int) -> ClosureTransport {
        ClosureTransport { [self] request in
            let attempt = state.withLock { state in
                state.requests.append(request)
                state.bodies.append(String(decoding: request.httpBody ?? Data(), as: UTF8.self))
                return state.requests.count
            }
            let url = request.url ?? RouterClientTransportTests.server
            let response = HTTPURLResponse(url: url, statusCode: status(attempt), httpVersion: nil, headerFields: nil)
            return (Data("{}".utf8), try #require(response))
        }
    }
}

/// Answers at once with status 200 and sends each chunk of the request body back as it arrives.
struct EchoTransport: HTTPTransport {
    func send(_ request: TransportRequest) async throws -> TransportResponse {
        guard case .stream(let chunks, nil) = request.body, let url = request.head.url,
            let head = ResponseHead(statusCode: 200, url: url)
        else { throw NetworkError(.badResponse, detail: "expected a body of unknown length, sent as a stream") }
        let (body, writer) = ResponseBody.makeStream()
        Task {
            do {
                for try await chunk in chunks { _ = writer.write(chunk) }
                writer.finish()
            } catch {
                writer.fail(error)
            }
        }
        return TransportResponse(head: head, body: body)
    }
}
