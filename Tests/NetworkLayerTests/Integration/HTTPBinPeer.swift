import Foundation
@_spi(Transport) import NetworkLayer
import TestSupport
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The local httpbin the integration suites talk to, as `scripts/test.sh` starts it.
///
/// `HTTPBIN_URL` names the server. Without it the suites are skipped, unless
/// `NETWORKLAYER_REQUIRE_INTEGRATION=1` says they must run: then every test fails instead.
enum HTTPBinPeer {
    static let peer = LoopbackPeer(variable: "HTTPBIN_URL", description: "httpbin")

    /// Whether the integration suites run at all.
    static var isEnabled: Bool { peer.isEnabled }

    /// Where the endpoints point.
    static var baseURL: URL { peer.baseURL }

    /// The base URL, or a failed test explaining how to get one.
    static func requireURL(sourceLocation: SourceLocation = #_sourceLocation) throws -> URL {
        try peer.requireURL(sourceLocation: sourceLocation)
    }

    /// The same server under another origin: `localhost` instead of `127.0.0.1`.
    static func otherOriginURL() throws -> URL {
        try peer.otherOriginURL()
    }

    /// A router on a fresh ephemeral session, so no cookie or cache outlives a test.
    static func makeRouter(
        configuration: RouterConfiguration = RouterConfiguration(),
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> Router<HTTPBinEndpoint> {
        try peer.makeRouter(configuration: configuration, sourceLocation: sourceLocation)
    }

    /// A manager over ``makeRouter(configuration:sourceLocation:)``.
    static func makeManager(
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> NetworkManager<HTTPBinEndpoint> {
        NetworkManager(router: try makeRouter(sourceLocation: sourceLocation))
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
