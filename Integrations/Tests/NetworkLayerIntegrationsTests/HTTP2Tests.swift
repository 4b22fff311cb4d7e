import AsyncHTTPClient
import Foundation
import NIOSSL
import NetworkLayer
import NetworkLayerAsyncHTTPClient
import Testing

/// `AsyncHTTPClientTransport` over HTTP/2, against Debian's nghttpd over TLS with ALPN on 127.0.0.1
/// (`scripts/nghttpd.sh`, started by `Integrations/scripts/test.sh`).
@Suite(
    "Integration: HTTP/2 over AsyncHTTPClientTransport, against nghttpd", .serialized,
    .enabled(if: NGHTTPD.url != nil || NGHTTPD.isRequired, "NGHTTPD_URL is not set; run Integrations/scripts/test.sh")
)
struct HTTP2Tests {
    /// A file nghttpd serves.
    struct File: EndPointType {
        let baseURL: URL
        let path: String
        var httpMethod: NetworkLayer.HTTPMethod { .get }
        var task: HTTPTask { .request }
        var headers: HTTPHeaders? { nil }
    }

    /// Runs `body` with a router over an `AsyncHTTPClientTransport` whose client trusts the test authority, and
    /// the server's URL; shuts the client down afterwards.
    func withRouter(_ body: (Router<File>, URL) async throws -> Void) async throws {
        let url = try #require(NGHTTPD.url, "NGHTTPD_URL must be set when NETWORKLAYER_REQUIRE_INTEGRATION=1")
        var tls = TLSConfiguration.makeClientConfiguration()
        tls.trustRoots = .file(try #require(NGHTTPD.authority))
        var configuration = HTTPClient.Configuration(tlsConfiguration: tls)
        configuration.httpVersion = .automatic
        let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
        do {
            try await body(Router(transport: AsyncHTTPClientTransport(client: client)), url)
        } catch {
            try await client.shutdown()
            throw error
        }
        try await client.shutdown()
    }

    @Test("100 concurrent requests share one connection, and every head says HTTP/2")
    func oneConnection() async throws {
        try await withRouter { router, url in
            let before = try NGHTTPD.connections()
            let versions = try await withThrowingTaskGroup(of: (Int, Int?).self) { group in
                for _ in 0..<100 {
                    group.addTask {
                        let response = try await router.request(File(baseURL: url, path: "small.json"))
                        return (response.statusCode, response.head.httpVersion?.major)
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(versions.count == 100)
            #expect(versions.allSatisfy { $0.0 == 200 && $0.1 == 2 })
            let opened = try NGHTTPD.connections().subtracting(before)
            #expect(opened.count == 1, "connections opened: \(opened.sorted())")
        }
    }

    @Test("A large body streams over HTTP/2")
    func streaming() async throws {
        try await withRouter { router, url in
            let streamed = try await router.stream(File(baseURL: url, path: "large.bin"))
            #expect(streamed.response.head.httpVersion?.major == 2)
            var bytes = 0
            var chunks = 0
            for try await chunk in streamed.body {
                bytes += chunk.count
                chunks += 1
            }
            #expect(bytes == 8 * 1024 * 1024)
            #expect(chunks > 1)
        }
    }

    @Test("Server-Sent Events arrive over HTTP/2")
    func events() async throws {
        try await withRouter { router, url in
            var received: [String] = []
            for try await event in router.events(File(baseURL: url, path: "events.sse")) {
                received.append(event.data)
                if received.count == 3 { break }
            }
            #expect(received == ["one", "two", "three"])
        }
    }
}

/// The nghttpd peer: its URL, the authority that signed its certificate, and its log.
enum NGHTTPD {
    static let environment = ProcessInfo.processInfo.environment
    static let url = environment["NGHTTPD_URL"].flatMap { URL(string: $0) }
    static let authority = environment["NGHTTPD_CA"]
    static let isRequired = environment["NETWORKLAYER_REQUIRE_INTEGRATION"] == "1"

    /// The connections nghttpd has logged so far (`nghttpd -v` starts each line with `[id=N]`, N per connection).
    static func connections() throws -> Set<String> {
        let path = try #require(environment["NGHTTPD_LOG"], "NGHTTPD_LOG is not set")
        let log = try String(contentsOfFile: path, encoding: .utf8)
        return Set(
            log.split(separator: "\n").compactMap { line in
                guard line.hasPrefix("[id="), let end = line.firstIndex(of: "]") else { return nil }
                return String(line[..<end])
            })
    }
}
