import Foundation
@_spi(Transport) import NetworkLayer
import TestSupport
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Which header fields the router tells its transport are credentials, to be dropped on a redirect
/// to another origin.
@Suite("Credential headers")
struct CredentialHeadersTests {
    /// Records what the router hands the transport, and answers 200.
    final class RecordingTransport: HTTPTransport {
        let requests = Locked<[TransportRequest]>([])

        func send(_ request: TransportRequest) async throws -> TransportResponse {
            requests.withLock { $0.append(request) }
            guard let url = request.head.url, let head = ResponseHead(statusCode: 200, url: url) else {
                throw NetworkError(.badResponse)
            }
            return TransportResponse(head: head, body: ResponseBody(Data()))
        }
    }

    /// Signs requests in a header whose name no redactor knows.
    struct SigningAuthenticator: Authenticator {
        func apply(_ credential: String, to request: inout URLRequest) {
            request.setValue(credential, forHTTPHeaderField: "X-Request-Proof")
        }

        func refresh(_ credential: String) async throws -> String { credential }
    }

    /// Adds a header that is not a credential.
    struct RequestIDPlugin: PluginType {
        func prepare(_ request: URLRequest, context: PluginContext) async throws(NetworkError) -> URLRequest {
            var request = request
            request.setValue("id-1", forHTTPHeaderField: "X-Correlation")
            return request
        }
    }

    @Test("secret fields, credential plugins' fields and the authenticator's fields are listed; others are not")
    func listed() async throws {
        let transport = RecordingTransport()
        let configuration = RouterConfiguration(
            headers: ["X-API-Key": "k", "Accept": "application/json"],
            plugins: [RequestIDPlugin(), AccessTokenPlugin(scheme: nil, header: "X-Tenant") { "t" }],
            authentication: AuthenticationCoordinator(authenticator: SigningAuthenticator(), credential: "proof"))
        let router = Router<TestEndpoint>(configuration: configuration, transport: transport)

        _ = try await router.request(TestEndpoint(headers: ["Cookie": "c=1", "X-Custom-Token": "t"]))

        let sent = try #require(transport.requests.current.first)
        #expect(sent.credentialHeaders == ["x-api-key", "cookie", "x-custom-token", "x-tenant", "x-request-proof"])
        #expect(sent.head.value(forHTTPHeaderField: "X-Correlation") == "id-1")
    }

    @Test("a logger's own redactor adds its names")
    func loggerRedactor() async throws {
        let transport = RecordingTransport()
        let logger = NetworkLogger(sink: LogSink { _ in }, redactor: Redactor(headerNames: ["X-Internal"]))
        let router = Router<TestEndpoint>(configuration: RouterConfiguration(logger: logger), transport: transport)

        _ = try await router.request(TestEndpoint(headers: ["X-Internal": "i", "X-Other": "o"]))

        #expect(transport.requests.current.first?.credentialHeaders == ["x-internal"])
    }

    @Test("a name is judged the same every time, also past the 256 names a router remembers")
    func judgedAgain() async throws {
        let transport = RecordingTransport()
        let router = Router<TestEndpoint>(transport: transport)
        var many: HTTPHeaders = [:]
        for index in 0..<300 { many.add(name: "X-Field-\(index)", value: "v") }
        _ = try await router.request(TestEndpoint(headers: many))
        let known: HTTPHeaders = ["Cookie": "c=1", "X-Late-Token": "t", "X-Field-1": "v"]
        for _ in 0..<2 { _ = try await router.request(TestEndpoint(headers: known)) }

        let sent = transport.requests.current.map(\.credentialHeaders)
        #expect(sent == [[], ["cookie", "x-late-token"], ["cookie", "x-late-token"]])
    }

    @Test("a transport request built by hand lists the fields the default redactor hides")
    func defaultList() throws {
        var head = URLRequest(url: try #require(URL(string: "https://api.example.com")))
        head.setValue("Bearer t", forHTTPHeaderField: "Authorization")
        head.setValue("text/plain", forHTTPHeaderField: "Accept")
        #expect(TransportRequest(head: head).credentialHeaders == ["authorization"])
        #expect(TransportRequest(head: head, credentialHeaders: ["X-Mine"]).credentialHeaders == ["x-mine"])
    }
}
