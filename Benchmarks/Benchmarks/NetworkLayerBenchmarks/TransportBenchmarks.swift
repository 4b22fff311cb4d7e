#if canImport(NetworkLayerAsyncHTTPClient)
import AsyncHTTPClient
import Benchmark
import Foundation
@_spi(Transport) import NetworkLayer
import NetworkLayerAsyncHTTPClient

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Requests per second to the local nginx through `Router` over `AsyncHTTPClientTransport`, paired in the same
/// iterations with raw AsyncHTTPClient (with its defaults, and configured as the transport's own client), `Router`
/// over the default transport and a bare `URLSession`.
///
/// Two more sides take the router's cost apart: raw AsyncHTTPClient as configured, each request in a task of its
/// own as the router starts one; and the transport alone, sending a request built once, in such a task.
enum TransportBenchmarks {
    static let asyncHTTPClient = AsyncHTTPClientTransport()
    static let routerOverAsyncHTTPClient = Router<LocalFile>(transport: asyncHTTPClient)
    /// Raw AsyncHTTPClient as its users call it: one client, `execute` and `collect`.
    static let rawClient = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup)
    /// Raw AsyncHTTPClient with the settings the transport gives its own client: an idle read timeout of 60 s
    /// and gzip/deflate decoding, so that the cost of those settings shows apart from the router's.
    static let rawClientAsConfigured = HTTPClient(
        eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: transportLikeConfiguration)

    private static var transportLikeConfiguration: HTTPClient.Configuration {
        var configuration = HTTPClient.Configuration()
        configuration.decompression = .enabled(limit: .none)
        configuration.redirectConfiguration = .disallow
        configuration.connectionPool.retryConnectionEstablishment = false
        configuration.timeout.read = .seconds(60)
        return configuration
    }

    static func register() {
        guard let server = Settings.server else { return }
        let endpoint = LocalFile(baseURL: server, path: LocalFile.json)
        let url = server.appendingPathComponent(LocalFile.json)
        let expectedLength = Settings.jsonFileSize
        let built = Result { () throws(NetworkError) in try routerOverAsyncHTTPClient.makeRequest(for: endpoint) }
        let fetch = Fetch(endpoint: endpoint, url: url, built: built, expectedLength: expectedLength)

        for concurrency in EndToEndBenchmarks.concurrencies {
            Benchmark(
                "Transports c=\(concurrency): paired AsyncHTTPClientTransport", configuration: Settings.pairedTransports
            ) { (benchmark: Benchmark) async throws in
                var elapsed: [TransportSide: Duration] = [:]
                for block in 0..<EndToEndBenchmarks.pairedBlocksPerSide {
                    for step in TransportSide.order(inBlock: block, ofIteration: benchmark.currentIteration) {
                        let start = ContinuousClock.now
                        try await runConcurrently(EndToEndBenchmarks.pairedBlock, concurrency: concurrency) {
                            try await step.side.fetch(fetch)
                        }
                        if step.isMeasured { elapsed[step.side, default: .zero] += ContinuousClock.now - start }
                    }
                }
                let requests = EndToEndBenchmarks.pairedBlock * EndToEndBenchmarks.pairedBlocksPerSide
                let nanoseconds = elapsed.mapValues { max($0.nanoseconds / requests, 1) }
                for side in TransportSide.allCases {
                    benchmark.measurement(side.metric, nanoseconds[side] ?? 0)
                }
                let subject = nanoseconds[.routerOverAsyncHTTPClient] ?? 1
                benchmark.measurement(TransportMetric.overURLSession, (nanoseconds[.urlSession] ?? 0) * 1000 / subject)
                benchmark.measurement(TransportMetric.overRawClient, (nanoseconds[.rawClient] ?? 0) * 1000 / subject)
                benchmark.measurement(
                    TransportMetric.overRawClientAsConfigured,
                    (nanoseconds[.rawClientAsConfigured] ?? 0) * 1000 / subject)
            } setup: {
                for side in TransportSide.allCases {
                    try await side.fetch(fetch)
                }
            }
        }
    }
}

/// One side of the paired transport benchmarks.
enum TransportSide: CaseIterable {
    case routerOverAsyncHTTPClient
    case rawClient
    case rawClientAsConfigured
    /// Raw AsyncHTTPClient as configured, each request in a task of its own, as the router sends.
    case rawClientInTask
    /// `AsyncHTTPClientTransport.collect(_:upTo:)` of a request built once, each in a task of its own.
    case transportInTask
    case routerOverURLSession
    case urlSession

    /// One block of requests of a side; a block that is not measured lets the machine settle.
    struct Step {
        let side: TransportSide
        let isMeasured: Bool
    }

    /// The two sides over `URLSession`, an unmeasured block of raw AsyncHTTPClient, then the five sides over
    /// AsyncHTTPClient, each group in an order that turns with every block. `URLSession`'s threads are still
    /// busy for a while after its last request and slow down the block that follows, so no measured side comes
    /// right after them.
    static func order(inBlock block: Int, ofIteration iteration: Int) -> [Step] {
        let overURLSession: [TransportSide] = [.routerOverURLSession, .urlSession]
        let overAsyncHTTPClient: [TransportSide] = [
            .routerOverAsyncHTTPClient, .rawClient, .rawClientAsConfigured, .rawClientInTask, .transportInTask,
        ]
        let turn = iteration + block
        return overURLSession.rotated(by: turn).map { Step(side: $0, isMeasured: true) }
            + [Step(side: .rawClient, isMeasured: false)]
            + overAsyncHTTPClient.rotated(by: turn).map { Step(side: $0, isMeasured: true) }
    }

    /// Fetches the JSON file once and checks the answer.
    func fetch(_ file: Fetch) async throws {
        switch self {
        case .routerOverAsyncHTTPClient:
            // As the raw side does: status and length, without Foundation's HTTPURLResponse, which a head
            // from this transport builds only when it is read.
            let response = try await TransportBenchmarks.routerOverAsyncHTTPClient.request(file.endpoint)
            try file.check(status: response.statusCode, bytes: response.data.count, by: "the router")
        case .rawClient:
            try await Self.fetch(file, with: TransportBenchmarks.rawClient)
        case .rawClientAsConfigured:
            try await Self.fetch(file, with: TransportBenchmarks.rawClientAsConfigured)
        case .rawClientInTask:
            try await Self.inTaskOfItsOwn {
                try await Self.fetch(file, with: TransportBenchmarks.rawClientAsConfigured)
            }
        case .transportInTask:
            try await Self.inTaskOfItsOwn {
                let sent = TransportRequest(head: try file.built.get())
                let response = try await TransportBenchmarks.asyncHTTPClient.send(sent)
                let (head, data) = (response.head, try await response.body.collect())
                try file.check(status: head.statusCode, bytes: data.count, by: "the transport")
            }
        case .routerOverURLSession:
            try await PairedSide.router.fetch(file.endpoint, url: file.url, expectedLength: file.expectedLength)
        case .urlSession:
            try await PairedSide.urlSession.fetch(file.endpoint, url: file.url, expectedLength: file.expectedLength)
        }
    }

    /// Runs `operation` in a task that starts on the calling thread and is cancelled with the caller, as the
    /// router runs each request.
    private static func inTaskOfItsOwn(_ operation: @escaping @Sendable () async throws -> Void) async throws {
        let task: Task<Void, any Error>
        if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
            task = Task.immediate(operation: operation)
        } else {
            task = Task(operation: operation)
        }
        try await withTaskCancellationHandler {
            try await task.value
        } onCancel: {
            task.cancel()
        }
    }

    /// Fetches the file with raw AsyncHTTPClient as its users call it: `execute` and `collect`.
    private static func fetch(_ file: Fetch, with client: HTTPClient) async throws {
        let request = HTTPClientRequest(url: file.url.absoluteString)
        let response = try await client.execute(request, timeout: .seconds(60))
        let body = try await response.body.collect(upTo: 16 * 1024 * 1024)
        try file.check(status: Int(response.status.code), bytes: body.readableBytes, by: "raw AsyncHTTPClient")
    }

    var metric: BenchmarkMetric {
        switch self {
        case .routerOverAsyncHTTPClient: TransportMetric.routerOverAsyncHTTPClient
        case .rawClient: TransportMetric.rawClient
        case .rawClientAsConfigured: TransportMetric.rawClientAsConfigured
        case .rawClientInTask: TransportMetric.rawClientInTask
        case .transportInTask: TransportMetric.transportInTask
        case .routerOverURLSession: PairedMetric.router
        case .urlSession: PairedMetric.urlSession
        }
    }
}

/// What the paired transport benchmarks record per iteration, besides ``PairedMetric``'s per-request times.
enum TransportMetric {
    /// Wall-clock nanoseconds per request through `Router` over `AsyncHTTPClientTransport`.
    static var routerOverAsyncHTTPClient: BenchmarkMetric {
        .custom("Router over AsyncHTTPClient ns per request", useScalingFactor: false)
    }
    /// Wall-clock nanoseconds per request through raw AsyncHTTPClient.
    static var rawClient: BenchmarkMetric { .custom("AsyncHTTPClient ns per request", useScalingFactor: false) }
    /// Wall-clock nanoseconds per request through raw AsyncHTTPClient configured as the transport's own client.
    static var rawClientAsConfigured: BenchmarkMetric {
        .custom("AsyncHTTPClient as configured ns per request", useScalingFactor: false)
    }
    /// Wall-clock nanoseconds per request through raw AsyncHTTPClient as configured, each in a task of its own.
    static var rawClientInTask: BenchmarkMetric {
        .custom("AsyncHTTPClient as configured in a task ns per request", useScalingFactor: false)
    }
    /// Wall-clock nanoseconds per request through `AsyncHTTPClientTransport` alone, each in a task of its own.
    static var transportInTask: BenchmarkMetric {
        .custom("AsyncHTTPClientTransport in a task ns per request", useScalingFactor: false)
    }
    /// Router-over-AsyncHTTPClient requests per second over a bare `URLSession`'s, in thousandths.
    static var overURLSession: BenchmarkMetric {
        .custom("AHC Router/URLSession req per s x1000", polarity: .prefersLarger, useScalingFactor: false)
    }
    /// Router-over-AsyncHTTPClient requests per second over those of raw AsyncHTTPClient configured as the
    /// transport's own client, in thousandths.
    static var overRawClientAsConfigured: BenchmarkMetric {
        .custom(
            "AHC Router/AsyncHTTPClient as configured req per s x1000", polarity: .prefersLarger,
            useScalingFactor: false)
    }
    /// Router-over-AsyncHTTPClient requests per second over raw AsyncHTTPClient's, in thousandths.
    static var overRawClient: BenchmarkMetric {
        .custom("AHC Router/AsyncHTTPClient req per s x1000", polarity: .prefersLarger, useScalingFactor: false)
    }
}

extension Settings {
    /// The seven sides of ``TransportBenchmarks`` in turn, 500 requests each per iteration.
    static var pairedTransports: Benchmark.Configuration {
        .init(
            metrics: [
                TransportMetric.routerOverAsyncHTTPClient, TransportMetric.rawClient,
                TransportMetric.rawClientAsConfigured, TransportMetric.rawClientInTask,
                TransportMetric.transportInTask, PairedMetric.router,
                PairedMetric.urlSession, TransportMetric.overURLSession, TransportMetric.overRawClient,
                TransportMetric.overRawClientAsConfigured, .throughput,
            ],
            warmupIterations: isSmoke ? 0 : 1,
            scalingFactor: .one,
            maxDuration: isSmoke ? .milliseconds(100) : .seconds(40),
            maxIterations: isSmoke ? 1 : 20
        )
    }
}

/// The file the transport benchmarks fetch, as each side asks for it, and what its answer must be.
struct Fetch: Sendable {
    let endpoint: LocalFile
    let url: URL
    /// The router's request for `endpoint`, built once, for the side that calls the transport alone.
    let built: Result<URLRequest, NetworkError>
    let expectedLength: Int?

    /// Throws unless the answer `side` got is a `200` with the file's length.
    func check(status: Int, bytes: Int, by side: String) throws {
        guard status == 200, expectedLength.map({ $0 == bytes }) ?? true else {
            throw BenchmarkFailure("\(side) got \(status), \(bytes) bytes")
        }
    }
}
#endif
