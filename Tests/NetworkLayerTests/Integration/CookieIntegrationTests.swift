import Foundation
@_spi(Transport) import NetworkLayer
import TestSupport
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// httpbin's cookie routes: `/cookies/set` answers with `Set-Cookie` headers and a redirect to
/// `/cookies`, which echoes the `Cookie` header that arrived.
private enum CookieEndpoint: EndPointType {
    /// `GET /cookies/set?name=value…`: one `Set-Cookie` each, then a 302 to `/cookies`.
    case set(Parameters)
    /// `GET /response-headers?Set-Cookie=…`: exactly this `Set-Cookie` field, with a 200.
    case setField(String)
    /// `GET /cookies`: `{"cookies": {name: value}}` from the request's `Cookie` header.
    case echo

    var baseURL: URL { HTTPBinPeer.baseURL }
    var path: String {
        switch self {
        case .set: "cookies/set"
        case .setField: "response-headers"
        case .echo: "cookies"
        }
    }
    var httpMethod: HTTPMethod { .get }
    var task: HTTPTask {
        switch self {
        case .set(let cookies):
            .requestParameters(bodyParameters: nil, bodyEncoding: .urlEncoding, urlParameters: cookies)
        case .setField(let field):
            .requestParameters(bodyParameters: nil, bodyEncoding: .urlEncoding, urlParameters: ["Set-Cookie": field])
        case .echo:
            .request
        }
    }
    var headers: HTTPHeaders? { nil }
}

private struct CookieEcho: Decodable {
    let cookies: [String: String]
}

@Suite("Integration: cookies", .needsHTTPBin)
struct CookieIntegrationTests {
    private func router(_ configuration: URLSessionConfiguration = .ephemeral) throws -> Router<CookieEndpoint> {
        _ = try HTTPBinPeer.requireURL()
        return Router(transport: LoopbackPeer.makeTransport(configuration: configuration))
    }

    @Test("cookies set by a redirect response are stored and sent with later requests")
    func cookiesFromRedirectRoundTrip() async throws {
        let router = try router()

        let redirected = try await router.request(.set(["flavour": "oatmeal", "batch": "42"]))
        let later = try await router.request(.echo)

        #expect(redirected.statusCode == 200)
        #expect(try later.decode(CookieEcho.self).cookies == ["flavour": "oatmeal", "batch": "42"])
    }

    @Test("a cookie whose value and Expires date hold colons is stored whole")
    func cookieWithColons() async throws {
        let configuration = URLSessionConfiguration.ephemeral
        let router = try router(configuration)

        _ = try await router.request(.setField("session=v1:abc:42; Expires=Wed, 21 Oct 2037 07:28:00 GMT; Path=/"))
        let echo = try await router.request(.echo).decode(CookieEcho.self)

        #expect(echo.cookies == ["session": "v1:abc:42"])
        let stored = try #require(configuration.httpCookieStorage?.cookies(for: HTTPBinPeer.baseURL)?.first)
        #expect(stored.expiresDate == Date(timeIntervalSince1970: 2_139_722_880))
    }

    @Test("a configuration that accepts no cookies stores none")
    func acceptPolicyNever() async throws {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpCookieAcceptPolicy = .never
        let router = try router(configuration)

        let redirected = try await router.request(.set(["flavour": "oatmeal"]))

        #expect(try redirected.decode(CookieEcho.self).cookies.isEmpty)
        #expect(configuration.httpCookieStorage?.cookies?.isEmpty ?? true)
    }
}
