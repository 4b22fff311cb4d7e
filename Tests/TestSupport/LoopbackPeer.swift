import Foundation
import NetworkLayer
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

#if NETWORKLAYER_ASYNC_HTTP_CLIENT
import NetworkLayerAsyncHTTPClient
#endif

/// A test server on loopback, named by an environment variable that `scripts/test.sh` sets.
///
/// Without the variable the suites that need the server are skipped, unless
/// `NETWORKLAYER_REQUIRE_INTEGRATION=1` says they must run: then every test fails instead.
package struct LoopbackPeer: Sendable {
    /// The environment variable holding the server's base URL.
    package let variable: String
    /// What the server is, for failure messages.
    package let description: String
    /// The configured base URL, if it is a loopback `http` URL.
    package let configuredURL: URL?

    package init(variable: String, description: String) {
        self.variable = variable
        self.description = description
        let environment = ProcessInfo.processInfo.environment
        if let text = environment[variable], let url = URL(string: text), url.scheme == "http",
            let host = url.host, Self.isLoopback(host)
        {
            configuredURL = url
        } else {
            configuredURL = nil
        }
    }

    /// Whether the run promised that the integration tests execute (`scripts/test.sh` sets it).
    package static let isRequired = ProcessInfo.processInfo.environment["NETWORKLAYER_REQUIRE_INTEGRATION"] == "1"

    /// Whether the suites run at all.
    package var isEnabled: Bool { ProcessInfo.processInfo.environment[variable] != nil || Self.isRequired }

    /// Where the endpoints point. Without a configured server this is a URL the router refuses to
    /// build, but every test has already failed on ``requireURL(sourceLocation:)`` by then.
    package var baseURL: URL { configuredURL ?? URL(fileURLWithPath: "/\(variable)-not-configured") }

    /// The base URL, or a failed test explaining how to get one.
    package func requireURL(sourceLocation: SourceLocation = #_sourceLocation) throws -> URL {
        try #require(
            configuredURL,
            "\(variable) must be a loopback http URL of a running \(description) (scripts/test.sh starts one)",
            sourceLocation: sourceLocation
        )
    }

    /// The same server under another origin: `localhost` instead of `127.0.0.1`, or the reverse.
    package func otherOriginURL() throws -> URL {
        var components = try #require(URLComponents(url: try requireURL(), resolvingAgainstBaseURL: false))
        components.host = components.host == "localhost" ? "127.0.0.1" : "localhost"
        return try #require(components.url)
    }

    /// A router on a fresh transport, so no cookie or cache outlives a test.
    package func makeRouter<EndPoint: EndPointType>(
        for _: EndPoint.Type = EndPoint.self,
        configuration: RouterConfiguration = RouterConfiguration(),
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> Router<EndPoint> {
        _ = try requireURL(sourceLocation: sourceLocation)
        return Router(configuration: configuration, transport: Self.makeTransport())
    }

    /// The transport the suites run over: a `URLSessionTransport` with `configuration`, or, where the
    /// integrations package builds these suites again (`Integrations/Package.swift`), an
    /// `AsyncHTTPClientTransport` with the configuration's cookie storage, unless it accepts no cookies.
    package static func makeTransport(configuration: URLSessionConfiguration = .ephemeral) -> any HTTPTransport {
        #if NETWORKLAYER_ASYNC_HTTP_CLIENT
        let accepts = configuration.httpCookieAcceptPolicy != .never
        return AsyncHTTPClientTransport(cookies: accepts ? configuration.httpCookieStorage : nil)
        #else
        return URLSessionTransport(configuration: configuration)
        #endif
    }

    private static func isLoopback(_ host: String) -> Bool {
        ["127.0.0.1", "localhost", "::1", "[::1]"].contains(host.lowercased())
    }
}
