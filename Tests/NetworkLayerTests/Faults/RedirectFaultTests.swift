import Foundation
@_spi(Transport) import NetworkLayer
import Testing

/// Redirects that leave the origin: credentials must stay behind (Linux URLSession would forward them).
@Suite("Faults: redirects", .needsFaultServer)
struct RedirectFaultTests {
    @Test("A cross-origin redirect arrives without Authorization")
    func crossOriginDropsAuthorization() async throws {
        let router = try FaultServerPeer.makeRouter()
        let target = try FaultServerPeer.otherOriginURL().appendingPathComponent("echo-headers")

        let response = try await router.request(.redirect(to: target, headers: ["Authorization": "Bearer secret"]))

        #expect(response.statusCode == 200)
        #expect(response.head.httpURLResponse.url?.host == target.host)
        let echoed = try response.decode(EchoedHeaders.self)
        #expect(echoed["Authorization"] == nil)
        #expect(echoed["Host"]?.hasPrefix(try #require(target.host)) == true)
    }

    @Test("A same-origin redirect keeps Authorization")
    func sameOriginKeepsAuthorization() async throws {
        let router = try FaultServerPeer.makeRouter()
        let target = try FaultServerPeer.requireURL().appendingPathComponent("echo-headers")

        let response = try await router.request(.redirect(to: target, headers: ["Authorization": "Bearer secret"]))

        #expect(response.statusCode == 200)
        #expect(response.head.httpURLResponse.url?.host == target.host)
        #expect(try response.decode(EchoedHeaders.self)["Authorization"] == "Bearer secret")
    }

    @Test(
        "A cross-origin redirect drops every header not safe to forward, whatever its name, and keeps the safe ones",
        arguments: [301, 302, 303, 307, 308])
    func crossOriginDropsEverySecret(status: Int) async throws {
        let plugin = AccessTokenPlugin(scheme: nil, header: "X-Tenant-Credential") { "plugin-secret" }
        let router = try FaultServerPeer.makeRouter(configuration: RouterConfiguration(plugins: [plugin]))
        let target = try FaultServerPeer.otherOriginURL().appendingPathComponent("echo-headers")
        let sent: HTTPHeaders = [
            "X-API-Key": "k", "X-Auth-Token": "t", "Cookie": "c=1", "Proxy-Authorization": "Basic p",
            "Ocp-Apim-Subscription-Key": "s", "X-Functions-Key": "f", "AccessKey": "a", "X-Access-Key": "x",
            "X-Master-Key": "m", "Authentication": "n", "X-Foo": "custom", "Accept-Language": "kept",
            "User-Agent": "kept-agent",
        ]

        let response = try await router.request(.redirect(to: target, status: status, headers: sent))

        #expect(response.statusCode == 200)
        let echoed = try response.decode(EchoedHeaders.self)
        for name in [
            "X-API-Key", "X-Auth-Token", "Cookie", "Proxy-Authorization", "X-Tenant-Credential",
            "Ocp-Apim-Subscription-Key", "X-Functions-Key", "AccessKey", "X-Access-Key", "X-Master-Key",
            "Authentication",
            "X-Foo",
        ] {
            #expect(echoed[name] == nil, "\(name) reached another origin")
        }
        #expect(echoed["Accept-Language"] == "kept")
        #expect(echoed["User-Agent"] == "kept-agent")
    }

    @Test("A same-origin redirect keeps the plugin's credential")
    func sameOriginKeepsPluginCredential() async throws {
        let plugin = AccessTokenPlugin(scheme: nil, header: "X-Tenant-Credential") { "plugin-secret" }
        let router = try FaultServerPeer.makeRouter(configuration: RouterConfiguration(plugins: [plugin]))
        let target = try FaultServerPeer.requireURL().appendingPathComponent("echo-headers")

        let response = try await router.request(.redirect(to: target, headers: ["X-API-Key": "k"]))

        let echoed = try response.decode(EchoedHeaders.self)
        #expect(echoed["X-Tenant-Credential"] == "plugin-secret")
        #expect(echoed["X-API-Key"] == "k")
    }

    @Test(
        "A redirect to anything but http(s) is not followed: the 3xx comes back",
        arguments: ["file:///etc/passwd", "ftp://127.0.0.1/x", "gopher://127.0.0.1:70/x", "data:text/plain,hi"])
    func nonWebRedirectIsNotFollowed(location: String) async throws {
        let router = try FaultServerPeer.makeRouter()

        let response = try await router.request(.redirect(to: try #require(URL(string: location))))

        #expect(response.statusCode == 302)
        #expect(response.headers["Location"] == location)
        let error = await #expect(throws: NetworkError.self) {
            try await NetworkManager(router: router).response(for: .redirect(to: try #require(URL(string: location))))
        }
        guard (try #require(error)).kind == .unexpectedRedirect else {
            Issue.record("expected unexpectedRedirect, got \(String(describing: error))")
            return
        }
    }

    @Test("A POST redirected to a GET loses its body's header fields with the body", arguments: [301, 302, 303])
    func methodChangeDropsBodyHeaders(status: Int) async throws {
        let router = try FaultServerPeer.makeRouter()
        let target = try FaultServerPeer.requireURL().appendingPathComponent("echo-headers")

        let response = try await router.request(
            .redirect(
                to: target, status: status, method: .post, headers: ["Content-Language": "en"], body: ["name": "x"]))

        let echoed = try response.decode(EchoedHeaders.self)
        #expect(echoed.method == "GET")
        for name in ["Content-Type", "Content-Length", "Content-Language"] {
            #expect(echoed[name] == nil, "\(name) outlived the body")
        }
    }

    @Test("A HEAD stays a HEAD through every redirect, 303 included", arguments: [301, 302, 303, 307, 308])
    func headStaysHead(status: Int) async throws {
        let router = try FaultServerPeer.makeRouter()
        let target = try FaultServerPeer.requireURL().appendingPathComponent("echo-headers")

        let response = try await router.request(.redirect(to: target, status: status, method: .head))

        #expect(response.statusCode == 200)
        #expect(response.headers["X-Echo-Method"] == "HEAD")
    }
}
