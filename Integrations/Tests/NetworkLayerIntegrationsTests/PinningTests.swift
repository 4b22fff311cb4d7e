import AsyncHTTPClient
import Foundation
import NetworkLayer
import NetworkLayerAsyncHTTPClient
import Testing

/// Certificate pinning over `AsyncHTTPClientTransport`, against nghttpd over TLS on 127.0.0.1 with certificates
/// made by openssl (`scripts/pinning_peers.sh`, started by `Integrations/scripts/test.sh`).
@Suite(
    "Integration: certificate pinning over AsyncHTTPClientTransport, against nghttpd", .serialized,
    .enabled(
        if: PinningPeers.directory != nil || NGHTTPD.isRequired,
        "PINNING_PEERS is not set; run Integrations/scripts/test.sh")
)
struct PinningTests {
    struct File: EndPointType {
        let baseURL: URL
        var path: String { "small.json" }
        var httpMethod: NetworkLayer.HTTPMethod { .get }
        var task: HTTPTask { .request }
        var headers: HTTPHeaders? { nil }
    }

    /// How a request to a server with pins ends.
    enum Outcome: Sendable {
        case answered
        /// A mismatch that lists the server's pins.
        case mismatch
        /// Refused before anything was sent: the transport cannot check the pins.
        case unsupported
        /// A secure-connection failure other than the pins': the chain leads to a pinned root but fails otherwise.
        case untrusted
    }

    /// The servers (scripts/pinning_peers.sh), the pins given for 127.0.0.1, and the outcome.
    static let cases: [(server: String, pins: [String], outcome: Outcome)] = [
        ("current", ["authority-a.pem"], .answered),
        ("current", ["authority-b.pem"], .mismatch),
        ("rotated", ["authority-a.pem"], .mismatch),
        ("rotated", ["authority-a.pem", "authority-b.pem"], .answered),
        ("expired", ["authority-a.pem"], .untrusted),
        ("wronghost", ["authority-a.pem"], .untrusted),
        ("current", ["current.pin"], .unsupported),
    ]

    @Test("Match, mismatch, rotated backup pin, expired leaf, wrong host", arguments: Self.cases)
    func pinning(server: String, pins pinFiles: [String], outcome: Outcome) async throws {
        let directory = try #require(PinningPeers.directory, "PINNING_PEERS must be set when required")
        let url = try #require(URL(string: try PinningPeers.read(server + ".url")))
        let pins = try pinFiles.map { file in
            file.hasSuffix(".pin")
                ? try CertificatePin(try PinningPeers.read(file))
                : try CertificatePin(certificate: Data(contentsOf: directory.appendingPathComponent(file)))
        }
        let pinning = try CertificatePinning(["127.0.0.1": pins])
        let transport = AsyncHTTPClientTransport()
        let router = Router<File>(
            configuration: RouterConfiguration(certificatePinning: pinning), transport: transport)
        let before = try PinningPeers.requests(server)
        var failure: NetworkError?
        do {
            let response = try await router.request(File(baseURL: url))
            #expect(response.statusCode == 200)
        } catch {
            failure = error
        }
        try await transport.shutdown()
        let received = try PinningPeers.requests(server) - before
        let pinningError = failure?.underlyingError as? CertificatePinningError
        switch outcome {
        case .answered:
            #expect(failure == nil, "\(String(describing: failure))")
            #expect(received == 1)
        case .mismatch:
            let presented = try PinningPeers.read(server + ".pin")
            #expect(failure?.kind == .secureConnection)
            guard case .mismatch(let host, let shown) = pinningError else {
                Issue.record("not a mismatch: \(String(describing: failure))")
                return
            }
            #expect(host == "127.0.0.1")
            #expect(shown.first?.description == presented)
            #expect(failure?.description.contains("the server presented \(presented)") == true)
            #expect(failure?.description.contains("\n") == false)
            #expect(received == 0)
        case .unsupported:
            #expect(failure?.kind == .secureConnection)
            guard case .unsupported = pinningError else {
                Issue.record("not refused at once: \(String(describing: failure))")
                return
            }
            #expect(received == 0)
        case .untrusted:
            #expect(failure?.kind == .secureConnection)
            #expect(pinningError == nil, "\(String(describing: failure))")
            #expect(received == 0)
        }
    }
}

/// The servers of `scripts/pinning_peers.sh`: their files, and the requests each logged.
enum PinningPeers {
    static let directory = ProcessInfo.processInfo.environment["PINNING_PEERS"].map { URL(fileURLWithPath: $0) }

    /// The first line of a file the script wrote.
    static func read(_ file: String) throws -> String {
        let directory = try #require(directory)
        let text = try String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
        return text.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// How many requests `server` has logged (`nghttpd -v` logs each request's `:path:`).
    static func requests(_ server: String) throws -> Int {
        let directory = try #require(directory)
        let log = try String(contentsOf: directory.appendingPathComponent(server + ".log"), encoding: .utf8)
        return log.split(separator: "\n").filter { $0.contains(":path:") }.count
    }
}
