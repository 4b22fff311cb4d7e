import Foundation
@_spi(Transport) import NetworkLayer
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Which header fields follow a redirect to another loopback origin (`localhost` instead of `127.0.0.1`), over
/// both transports, against the project's fault server; skipped without it.
@Suite(
    "Cross-origin redirects keep only safe fields",
    .enabled(if: FaultRoute.server != nil, "FAULT_SERVER_URL is not set"))
struct CrossOriginHeadersTests {
    /// Credentials under names no list of credential names had, a custom field, and the fields safe to forward.
    static let sent: HTTPHeaders = [
        "Ocp-Apim-Subscription-Key": "SECRET-apim", "X-Functions-Key": "SECRET-functions", "AccessKey": "SECRET-access",
        "X-Access-Key": "SECRET-x-access", "X-Master-Key": "SECRET-master", "Authentication": "SECRET-authentication",
        "Authorization": "Bearer SECRET-token", "Cookie": "session=SECRET", "X-Foo": "custom", "X-Tenant": "tenant-1",
        "Accept": "application/json", "Accept-Language": "pt-BR", "User-Agent": "NetworkLayer-tests",
    ]

    /// Redirects, through the fault server, to its `/echo-headers` on `host`.
    struct Hop: EndPointType {
        let host: String
        var baseURL: URL { FaultRoute.server ?? URL(fileURLWithPath: "/FAULT_SERVER_URL-not-set") }
        var path: String { "redirect-cross-origin" }
        var task: HTTPTask {
            var target = URLComponents(url: baseURL, resolvingAgainstBaseURL: false)
            target?.host = host
            target?.path = "/echo-headers"
            let query: Parameters = ["to": target?.url?.absoluteString ?? "", "status": 307]
            return .requestParameters(bodyParameters: nil, bodyEncoding: .urlEncoding, urlParameters: query)
        }
        var headers: HTTPHeaders? { CrossOriginHeadersTests.sent }
        var headersForwardedAcrossOrigins: Set<String> { ["x-tenant"] }
        var timeout: TimeInterval? { 10 }
    }

    struct Echo: Decodable {
        let headers: [String: String]
    }

    static func echoedHeaders(via host: String, over carrier: Carrier) async throws -> [String: String] {
        let response = try await carrier.withRouter(Hop.self) { router in try await router.request(Hop(host: host)) }
        #expect(response.statusCode == 200)
        let echoed = try JSONDecoder().decode(Echo.self, from: response.data).headers
        return Dictionary(echoed.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { first, _ in first })
    }

    @Test("to another origin: credentials under any name and custom fields stay behind", arguments: Carrier.allCases)
    func crossOrigin(carrier: Carrier) async throws {
        let echoed = try await Self.echoedHeaders(via: "localhost", over: carrier)
        for name in [
            "Ocp-Apim-Subscription-Key", "X-Functions-Key", "AccessKey", "X-Access-Key", "X-Master-Key",
            "Authentication",
            "Authorization", "Cookie", "X-Foo",
        ] {
            #expect(echoed[name.lowercased()] == nil, "\(name) reached another origin")
        }
        #expect(!echoed.values.contains { $0.contains("SECRET") })
        #expect(echoed["accept"] == "application/json")
        #expect(echoed["accept-language"] == "pt-BR")
        #expect(echoed["user-agent"] == "NetworkLayer-tests")
        #expect(echoed["x-tenant"] == "tenant-1", "the endpoint forwards X-Tenant")
    }

    @Test("within the origin: every field goes on", arguments: Carrier.allCases)
    func sameOrigin(carrier: Carrier) async throws {
        let host = try #require(FaultRoute.server?.host)
        let echoed = try await Self.echoedHeaders(via: host, over: carrier)
        for field in Self.sent where field.name != "Cookie" {
            #expect(echoed[field.name.lowercased()] == field.value, "\(field.name)")
        }
    }
}
