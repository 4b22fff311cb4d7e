#if canImport(NetworkLayerAsyncHTTPClient)
import AsyncHTTPClient
import Benchmark
import Foundation
import NIOSSL
import NetworkLayer
import NetworkLayerAsyncHTTPClient

/// Requests per second to the local nginx over TLS through `Router` over `AsyncHTTPClientTransport`, over HTTP/2
/// (negotiated by ALPN) and over HTTP/1.1 (the client offers only it), paired in the same iterations with raw
/// AsyncHTTPClient over each.
enum HTTPVersionBenchmarks {
    /// One side: a client offering HTTP/2 or HTTP/1.1 only, and a router over a transport of that client.
    struct Side: Sendable {
        let version: Int
        let client: HTTPClient
        let router: Router<LocalFile>

        init(version: Int, authority: String) {
            var tls = TLSConfiguration.makeClientConfiguration()
            tls.trustRoots = .file(authority)
            // As the transport configures its own client.
            var configuration = HTTPClient.Configuration(tlsConfiguration: tls)
            configuration.httpVersion = version == 2 ? .automatic : .http1Only
            configuration.decompression = .enabled(limit: .none)
            configuration.redirectConfiguration = .disallow
            configuration.connectionPool.retryConnectionEstablishment = false
            configuration.timeout.read = .seconds(60)
            client = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
            router = Router(transport: AsyncHTTPClientTransport(client: client, acceptsCompression: true))
            self.version = version
        }

        private var name: String { version == 2 ? "HTTP/2" : "HTTP/1.1" }

        /// Wall-clock nanoseconds per request through the router.
        var metric: BenchmarkMetric {
            .custom("Router over AsyncHTTPClient \(name) ns per request", useScalingFactor: false)
        }

        /// Wall-clock nanoseconds per request through the raw client.
        var rawMetric: BenchmarkMetric { .custom("AsyncHTTPClient \(name) ns per request", useScalingFactor: false) }

        /// Fetches the file through the router, checking the answer and the version that carried it.
        func fetchThroughRouter(_ file: Fetch) async throws {
            let response = try await router.request(file.endpoint)
            try file.check(status: response.statusCode, bytes: response.data.count, by: "the router")
            guard response.head.httpVersion?.major == version else {
                throw BenchmarkFailure(
                    "HTTP/\(version) side answered in \(String(describing: response.head.httpVersion))")
            }
        }

        /// Fetches the file with the raw client: `execute` and `collect`.
        func fetchRaw(_ file: Fetch) async throws {
            let response = try await client.execute(
                HTTPClientRequest(url: file.url.absoluteString), timeout: .seconds(60))
            let body = try await response.body.collect(upTo: 16 * 1024 * 1024)
            try file.check(status: Int(response.status.code), bytes: body.readableBytes, by: "raw AsyncHTTPClient")
            guard response.version.major == version else {
                throw BenchmarkFailure("raw HTTP/\(version) side answered in \(response.version)")
            }
        }
    }

    /// Router-over-HTTP/2 requests per second over router-over-HTTP/1.1's, in thousandths.
    static var http2OverHTTP1: BenchmarkMetric {
        .custom("Router HTTP/2 / HTTP/1.1 req per s x1000", polarity: .prefersLarger, useScalingFactor: false)
    }

    static func register() {
        guard let server = Settings.tlsServer, let authority = Settings.tlsAuthority else { return }
        let sides = [Side(version: 2, authority: authority), Side(version: 1, authority: authority)]
        let endpoint = LocalFile(baseURL: server, path: LocalFile.json)
        let fetch = Fetch(
            endpoint: endpoint, url: server.appendingPathComponent(LocalFile.json),
            built: .failure(NetworkError(.cancelled)),
            expectedLength: Settings.jsonFileSize)
        let configuration = Benchmark.Configuration(
            metrics: sides.flatMap { [$0.metric, $0.rawMetric] } + [http2OverHTTP1, .throughput],
            warmupIterations: Settings.isSmoke ? 0 : 1,
            scalingFactor: .one,
            maxDuration: Settings.isSmoke ? .milliseconds(100) : .seconds(40),
            maxIterations: Settings.isSmoke ? 1 : 20)
        for concurrency in EndToEndBenchmarks.concurrencies {
            Benchmark(
                "Transports c=\(concurrency): paired HTTP/2 vs HTTP/1.1 over TLS", configuration: configuration
            ) { (benchmark: Benchmark) async throws in
                // The four sides in an order that turns every block: router and raw client over each version.
                let steps = sides.flatMap { side in [(side, true), (side, false)] }
                var elapsed = [Duration](repeating: .zero, count: steps.count)
                for block in 0..<EndToEndBenchmarks.pairedBlocksPerSide {
                    let turn = benchmark.currentIteration + block
                    for index in Array(steps.indices).rotated(by: turn) {
                        let (side, throughRouter) = steps[index]
                        let start = ContinuousClock.now
                        try await runConcurrently(EndToEndBenchmarks.pairedBlock, concurrency: concurrency) {
                            try await throughRouter ? side.fetchThroughRouter(fetch) : side.fetchRaw(fetch)
                        }
                        elapsed[index] += ContinuousClock.now - start
                    }
                }
                let requests = EndToEndBenchmarks.pairedBlock * EndToEndBenchmarks.pairedBlocksPerSide
                let nanoseconds = elapsed.map { max($0.nanoseconds / requests, 1) }
                for (index, (side, throughRouter)) in steps.enumerated() {
                    benchmark.measurement(throughRouter ? side.metric : side.rawMetric, nanoseconds[index])
                }
                // steps: HTTP/2 router, HTTP/2 raw, HTTP/1.1 router, HTTP/1.1 raw.
                benchmark.measurement(http2OverHTTP1, nanoseconds[2] * 1000 / nanoseconds[0])
            } setup: {
                for side in sides {
                    try await side.fetchThroughRouter(fetch)
                    try await side.fetchRaw(fetch)
                }
            }
        }
    }
}
#endif
