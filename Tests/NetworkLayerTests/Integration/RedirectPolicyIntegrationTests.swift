import Foundation
@_spi(Transport) import NetworkLayer
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("Integration: redirect policy and bodies", .needsHTTPBin)
struct RedirectPolicyIntegrationTests {
    /// Redirects that keep the method must keep the body too; Linux Foundation alone would drop it.
    @Test(
        "A redirect that keeps the method re-sends the body",
        .timeLimit(.minutes(1)),
        arguments: [(307, HTTPMethod.post), (308, .post), (307, .put), (302, .put), (301, .patch)]
    )
    func bodyKept(status: Int, method: HTTPMethod) async throws {
        let router = try HTTPBinPeer.makeTransferRouter()

        let response = try await router.request(
            .redirectTo(url: "/anything", status: status, method: method, body: "hello body"))

        #expect(response.statusCode == 200)
        #expect(response.head.httpURLResponse.url?.path == "/anything")
        let echo = try response.decode(TransferEcho.self)
        #expect(echo.method == method.rawValue)
        #expect(echo.data == "hello body")
        #expect(echo.headers?["Content-Type"] == "text/plain")
    }

    @Test("A 302 or 303 after POST becomes a GET without the body", arguments: [302, 303])
    func postBecomesGet(status: Int) async throws {
        let router = try HTTPBinPeer.makeTransferRouter()

        let response = try await router.request(.redirectTo(url: "/anything", status: status, body: "dropped"))

        let echo = try response.decode(TransferEcho.self)
        #expect(echo.method == "GET")
        #expect(echo.data == "")
    }

    @Test("A file upload that is redirected with 307 sends the file again", .timeLimit(.minutes(1)))
    func fileBodyKept() async throws {
        let router = try HTTPBinPeer.makeTransferRouter()
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("redirect-\(UUID().uuidString).txt")
        defer { try? FileManager.default.removeItem(at: file) }
        let text = String(repeating: "0123456789", count: 20_000)
        try Data(text.utf8).write(to: file)

        let response = try await router.request(.redirectFile(url: "/anything", status: 307, file: file))

        let echo = try response.decode(TransferEcho.self)
        #expect(echo.method == "POST")
        #expect(echo.data == text)
    }

    @Test("Re-sent redirects stop at the hop limit", .timeLimit(.minutes(1)), arguments: [(1, false), (2, true)])
    func hopLimit(limit: Int, succeeds: Bool) async throws {
        let router = try HTTPBinPeer.makeTransferRouter(maximumResentRedirects: limit)
        var inner = URLComponents(string: "/redirect-to")!
        inner.queryItems = [
            URLQueryItem(name: "url", value: "/anything"), URLQueryItem(name: "status_code", value: "307"),
        ]

        let result: Result<Response, NetworkError>
        do {
            result = .success(try await router.request(.redirectTo(url: inner.string!, status: 307, body: "x")))
        } catch {
            result = .failure(error)
        }

        switch result {
        case .success(let response):
            #expect(succeeds)
            #expect(try response.decode(TransferEcho.self).data == "x")
        case .failure(let error):
            #expect(!succeeds)
            guard let failure = error.ifKind(.tooManyRedirects) else {
                Issue.record("expected a transport error, got \(error)")
                return
            }
            #expect(failure.kind == .tooManyRedirects)
        }
    }

    @Test("The refuse policy returns the 3xx, and NetworkManager reports unexpectedRedirect")
    func refuse() async throws {
        let router = try HTTPBinPeer.makeTransferRouter(redirectPolicy: .refuse)

        let response = try await router.request(.redirectTo(url: "/anything", status: 302, method: .get))

        #expect(response.statusCode == 302)
        #expect(response.headers["Location"] == "/anything")
        let error = await #expect(throws: NetworkError.self) {
            try await NetworkManager(router: router).response(
                for: .redirectTo(url: "/anything", status: 307, body: "b"))
        }
        guard let redirect = (try #require(error)).response(ifKind: .unexpectedRedirect) else {
            Issue.record("expected unexpectedRedirect, got \(String(describing: error))")
            return
        }
        #expect(redirect.statusCode == 307)
    }

    @Test("A custom policy can refuse only redirects that leave the origin")
    func customPolicy() async throws {
        let sameOriginOnly = RedirectPolicy.custom { response, proposed in
            proposed.url?.host == response.url?.host ? proposed : nil
        }
        let router = try HTTPBinPeer.makeTransferRouter(redirectPolicy: sameOriginOnly)
        let elsewhere = try HTTPBinPeer.otherOriginURL().appendingPathComponent("anything").absoluteString

        let followed = try await router.request(.redirectTo(url: "/anything", status: 302, method: .get))
        let refused = try await router.request(.redirectTo(url: elsewhere, status: 302, method: .get))

        #expect(followed.statusCode == 200)
        #expect(refused.statusCode == 302)
    }

    /// 127.0.0.1 → localhost → localhost: the second hop stays within localhost, yet its credentials
    /// must still be gone, because they belonged to 127.0.0.1.
    @Test("Authorization never reaches another origin over a multi-hop chain", arguments: [302, 307])
    func multiHopStripsAuthorization(status: Int) async throws {
        let router = try HTTPBinPeer.makeTransferRouter()
        let other = try HTTPBinPeer.otherOriginURL()
        var secondHop = try #require(
            URLComponents(url: other.appendingPathComponent("redirect-to"), resolvingAgainstBaseURL: false))
        secondHop.queryItems = [
            URLQueryItem(name: "url", value: "/anything"), URLQueryItem(name: "status_code", value: String(status)),
        ]
        let method: HTTPMethod = status == 307 ? .post : .get

        let response = try await router.request(
            .redirectTo(
                url: try #require(secondHop.url).absoluteString, status: status, method: method,
                body: method == .post ? "payload" : nil, authorization: "Bearer secret"))

        #expect(response.statusCode == 200)
        #expect(response.head.httpURLResponse.url?.host == other.host)
        let echo = try response.decode(TransferEcho.self)
        #expect(echo.headers?["Authorization"] == nil)
        #expect(echo.method == method.rawValue)
        if method == .post { #expect(echo.data == "payload") }
    }

    @Test("Authorization is kept over a multi-hop chain within the origin")
    func multiHopSameOriginKeepsAuthorization() async throws {
        let router = try HTTPBinPeer.makeTransferRouter()
        var secondHop = URLComponents(string: "/redirect-to")!
        secondHop.queryItems = [
            URLQueryItem(name: "url", value: "/anything"), URLQueryItem(name: "status_code", value: "307"),
        ]

        let response = try await router.request(
            .redirectTo(url: secondHop.string!, status: 307, body: "p", authorization: "Bearer secret"))

        let echo = try response.decode(TransferEcho.self)
        #expect(echo.headers?["Authorization"] == "Bearer secret")
        #expect(echo.data == "p")
    }
}
