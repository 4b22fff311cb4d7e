import Foundation
@_spi(Transport) import NetworkLayer
import TestSupport
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("AccessTokenPlugin")
struct AccessTokenPluginTests {
    /// The headers the transport saw for one request of `endpoint` through a router with `plugin`.
    private func sentHeaders(
        _ plugin: AccessTokenPlugin,
        endpoint: PipelineEndpoint = PipelineEndpoint()
    ) async throws -> HTTPHeaders {
        let seen = Locked<HTTPHeaders>([:])
        let router = Router<PipelineEndpoint>(configuration: RouterConfiguration(plugins: [plugin])) { request in
            seen.withLock { $0 = HTTPHeaders(request.allHTTPHeaderFields ?? [:]) }
            return (Data(), .stub(200, url: request.url))
        }
        _ = try await router.request(endpoint)
        return seen.current
    }

    @Test(
        "each scheme writes its header",
        arguments: [
            (AuthenticationScheme.bearer, "Authorization", "Authorization", "Bearer abc"),
            (.basic, "Authorization", "Authorization", "Basic abc"),
            (AuthenticationScheme("Token"), "Authorization", "Authorization", "Token abc"),
            (nil, "X-API-Key", "X-API-Key", "abc"),
            (.bearer, "X-Auth", "X-Auth", "Bearer abc"),
        ] as [(AuthenticationScheme?, String, String, String)])
    func schemes(scheme: AuthenticationScheme?, header: String, name: String, value: String) async throws {
        let headers = try await sentHeaders(AccessTokenPlugin(scheme: scheme, header: header) { "abc" })
        #expect(headers[name] == value)
    }

    @Test("scheme names compare case-insensitively and keep their spelling")
    func schemeNames() {
        #expect(AuthenticationScheme("BEARER") == .bearer)
        #expect(AuthenticationScheme("digest") == .digest)
        #expect(AuthenticationScheme.bearer.name == "Bearer")
        #expect(AuthenticationScheme("Token") != .bearer)
    }

    @Test("basicToken is the Base64 of user:password")
    func basicToken() async throws {
        let token = AccessTokenPlugin.basicToken(user: "Aladdin", password: "open sesame")
        #expect(token == "QWxhZGRpbjpvcGVuIHNlc2FtZQ==")
        let headers = try await sentHeaders(AccessTokenPlugin(scheme: .basic) { token })
        #expect(headers["Authorization"] == "Basic QWxhZGRpbjpvcGVuIHNlc2FtZQ==")
    }

    @Test("an endpoint that does not require authentication is sent without the credential")
    func optOut() async throws {
        let headers = try await sentHeaders(
            AccessTokenPlugin { "abc" }, endpoint: PipelineEndpoint(requiresAuthentication: false))
        #expect(headers["Authorization"] == nil)
    }

    @Test("the token is asked for on every request, and nil sends none")
    func provider() async throws {
        let tokens = Locked<[String?]>(["one", nil, "two"])
        let plugin = AccessTokenPlugin { tokens.withLock { $0.removeFirst() } }
        #expect(try await sentHeaders(plugin)["Authorization"] == "Bearer one")
        #expect(try await sentHeaders(plugin)["Authorization"] == nil)
        #expect(try await sentHeaders(plugin)["Authorization"] == "Bearer two")
    }

    @Test("a token that would inject a header fails the request unsent")
    func injection() async {
        let sent = Locked(0)
        let router = Router<PipelineEndpoint>(
            configuration: RouterConfiguration(plugins: [AccessTokenPlugin { "abc\r\nX-Evil: 1" }])
        ) { request in
            sent.increment()
            return (Data(), .stub(200, url: request.url))
        }
        await #expect {
            try await router.request(PipelineEndpoint())
        } throws: { error in
            guard (error as? NetworkError)?.buildError == .invalidHeader(name: "Authorization") else { return false }
            return true
        }
        #expect(sent.current == 0)
    }

    @Test("an endpoint's own Authorization header is replaced")
    func replacesHeader() async throws {
        let seen = Locked<String?>(nil)
        let router = Router<TestEndpoint>(
            configuration: RouterConfiguration(plugins: [AccessTokenPlugin { "fresh" }])
        ) { request in
            seen.withLock { $0 = request.value(forHTTPHeaderField: "authorization") }
            return (Data(), .stub(200, url: request.url))
        }
        _ = try await router.request(TestEndpoint(headers: ["Authorization": "Bearer stale"]))
        #expect(seen.current == "Bearer fresh")
    }
}
