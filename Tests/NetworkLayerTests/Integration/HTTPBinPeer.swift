import Foundation
import NetworkLayer
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The local httpbin the integration suites talk to, as `scripts/test.sh` starts it.
///
/// `HTTPBIN_URL` names the server. Without it the suites are skipped, unless
/// `NETWORKLAYER_REQUIRE_INTEGRATION=1` says they must run: then every test fails instead.
enum HTTPBinPeer {
    private static let environment = ProcessInfo.processInfo.environment

    /// The configured base URL, if it is a loopback `http` URL.
    static let configuredURL: URL? = {
        guard let text = environment["HTTPBIN_URL"], !text.isEmpty, let url = URL(string: text),
            url.scheme == "http", let host = url.host, isLoopback(host)
        else { return nil }
        return url
    }()

    /// Whether the run promised that the integration tests execute (`scripts/test.sh` sets it).
    static let isRequired = environment["NETWORKLAYER_REQUIRE_INTEGRATION"] == "1"

    /// Whether the integration suites run at all.
    static var isEnabled: Bool { environment["HTTPBIN_URL"] != nil || isRequired }

    /// Where the endpoints point. Without a configured server this is a URL the router refuses to
    /// build, but every test has already failed on ``requireURL()`` by then.
    static var baseURL: URL { configuredURL ?? URL(fileURLWithPath: "/httpbin-not-configured") }

    /// The base URL, or a failed test explaining how to get one.
    static func requireURL(sourceLocation: SourceLocation = #_sourceLocation) throws -> URL {
        try #require(
            configuredURL,
            "HTTPBIN_URL must be a loopback http URL of a running httpbin (scripts/test.sh starts one)",
            sourceLocation: sourceLocation
        )
    }

    /// The same server under another origin: `localhost` instead of `127.0.0.1`.
    static func otherOriginURL() throws -> URL {
        var components = try #require(URLComponents(url: try requireURL(), resolvingAgainstBaseURL: false))
        components.host = components.host == "localhost" ? "127.0.0.1" : "localhost"
        return try #require(components.url)
    }

    /// A router on a fresh ephemeral session, so no cookie or cache outlives a test.
    static func makeRouter(
        configuration: RouterConfiguration = RouterConfiguration(),
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> Router<HTTPBinEndpoint> {
        _ = try requireURL(sourceLocation: sourceLocation)
        return Router(configuration: configuration, transport: URLSessionTransport(configuration: .ephemeral))
    }

    /// A manager over ``makeRouter(configuration:)``.
    static func makeManager(
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> NetworkManager<HTTPBinEndpoint> {
        NetworkManager(router: try makeRouter(sourceLocation: sourceLocation))
    }

    private static func isLoopback(_ host: String) -> Bool {
        ["127.0.0.1", "localhost", "::1", "[::1]"].contains(host.lowercased())
    }
}

extension Trait where Self == ConditionTrait {
    /// Runs a suite only against a configured httpbin (or when the run requires integration tests).
    static var needsHTTPBin: Self {
        .enabled(
            if: HTTPBinPeer.isEnabled,
            "HTTPBIN_URL is not set: integration tests skipped (scripts/test.sh runs them against a local httpbin)"
        )
    }
}
