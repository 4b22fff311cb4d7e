import Foundation
@_spi(Transport) import NetworkLayer
import TestSupport
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The misbehaving loopback server the fault suites talk to (`scripts/fault_server.py`, started by
/// `scripts/test.sh`).
///
/// `FAULT_SERVER_URL` names the server. Without it the suites are skipped, unless
/// `NETWORKLAYER_REQUIRE_INTEGRATION=1` says they must run: then every test fails instead.
enum FaultServerPeer {
    static let peer = LoopbackPeer(variable: "FAULT_SERVER_URL", description: "fault server")

    /// Whether the fault suites run at all.
    static var isEnabled: Bool { peer.isEnabled }

    /// Where the endpoints point.
    static var baseURL: URL { peer.baseURL }

    /// A loopback port nothing listens on, so connecting is refused at once (no route needed).
    static let closedPortURL = URL(string: "http://127.0.0.1:1")

    /// The base URL, or a failed test explaining how to get one.
    static func requireURL(sourceLocation: SourceLocation = #_sourceLocation) throws -> URL {
        try peer.requireURL(sourceLocation: sourceLocation)
    }

    /// The same server under another origin: `localhost` instead of `127.0.0.1`.
    static func otherOriginURL() throws -> URL {
        try peer.otherOriginURL()
    }

    /// A router on a fresh ephemeral session, with the library's defaults (no retry policy).
    static func makeRouter(
        configuration: RouterConfiguration = RouterConfiguration(),
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> Router<FaultEndpoint> {
        try peer.makeRouter(configuration: configuration, sourceLocation: sourceLocation)
    }

    /// A manager over ``makeRouter(configuration:sourceLocation:)``.
    static func makeManager(sourceLocation: SourceLocation = #_sourceLocation) throws -> NetworkManager<FaultEndpoint> {
        NetworkManager(router: try makeRouter(sourceLocation: sourceLocation))
    }

    /// How many requests the server has seen for `id` (`/flaky/<id>`, `/dropping/<id>`, `/rate-limited/<id>`).
    static func attempts(for id: String) async throws -> Int {
        let manager = try makeManager()
        return try await manager.request(.attempts(id: id), as: AttemptCount.self).attempts
    }

    /// A fresh counter id for the routes that count requests.
    static func uniqueID() -> String { UUID().uuidString }
}

/// The body of `/attempts/<id>`.
struct AttemptCount: Decodable, Sendable {
    let attempts: Int
}

/// The body of `/flaky/<id>`, `/dropping/<id>` and `/rate-limited/<id>`.
struct FaultAttempt: Decodable, Sendable {
    let attempt: Int
}

/// The body of `/echo-headers`.
struct EchoedHeaders: Decodable, Sendable {
    let method: String
    let headers: [String: String]

    /// The value of `name`, matched case-insensitively.
    subscript(name: String) -> String? {
        headers.first { $0.key.caseInsensitiveCompare(name) == .orderedSame }?.value
    }
}

extension Trait where Self == ConditionTrait {
    /// Runs a suite only against a configured fault server (or when the run requires integration tests).
    static var needsFaultServer: Self {
        .enabled(
            if: FaultServerPeer.isEnabled,
            "FAULT_SERVER_URL is not set: fault tests skipped (scripts/test.sh runs them against a fault server)"
        )
    }
}
