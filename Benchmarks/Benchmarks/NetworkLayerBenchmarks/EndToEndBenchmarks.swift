import Benchmark
import Foundation
@_spi(Transport) import NetworkLayer

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Requests per second to the local nginx, through `Router` and through a bare `URLSession`, 1,000 per iteration.
enum EndToEndBenchmarks {
    /// Both sides use an ephemeral session, as `URLSessionTransport` does by default.
    static let router = Router<LocalFile>()
    static let session = URLSession(configuration: .ephemeral)
    /// The same without a `URLCache`, as `URLSessionTransport` runs its session on Linux.
    static let sessionWithoutCache: URLSession = {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        return URLSession(configuration: configuration)
    }()
    static let concurrencies = [1, 32]
    /// Requests per block of the paired benchmarks: each iteration runs blocks of each side in turn, so
    /// that all sides see the same moments of a noisy machine.
    static let pairedBlock = 100
    /// Blocks per side in each iteration of the paired benchmarks.
    static let pairedBlocksPerSide = 5

    static func register() {
        guard let server = Settings.server else {
            print("Skipping the end-to-end and download benchmarks: NETWORKLAYER_BENCH_SERVER is not set")
            return
        }
        let endpoint = LocalFile(baseURL: server, path: LocalFile.json)
        let url = server.appendingPathComponent(LocalFile.json)
        let expectedLength = Settings.jsonFileSize

        for concurrency in concurrencies {
            let label = "End-to-end c=\(concurrency)"
            Benchmark("\(label): NetworkLayer Router", configuration: Settings.endToEnd) {
                (benchmark: Benchmark) async throws in
                try await runConcurrently(benchmark.scaledIterations.count, concurrency: concurrency) {
                    let response = try await router.request(endpoint)
                    try expectOK(
                        response.head.httpURLResponse, length: response.data.count, expectedLength: expectedLength)
                }
            } setup: {
                _ = try await router.request(endpoint)
            }

            Benchmark("\(label): paired Router vs URLSession", configuration: Settings.pairedEndToEnd) {
                (benchmark: Benchmark) async throws in
                // The order of the sides rotates every iteration, so that none always goes first.
                let sides = PairedSide.allCases.rotated(by: benchmark.currentIteration)
                var elapsed: [PairedSide: Duration] = [:]
                for _ in 0..<pairedBlocksPerSide {
                    for side in sides {
                        let start = ContinuousClock.now
                        try await runConcurrently(pairedBlock, concurrency: concurrency) {
                            try await side.fetch(endpoint, url: url, expectedLength: expectedLength)
                        }
                        elapsed[side, default: .zero] += ContinuousClock.now - start
                    }
                }
                let requestsPerSide = pairedBlock * pairedBlocksPerSide
                let nanoseconds = elapsed.mapValues { $0.nanoseconds / requestsPerSide }
                let routerNanoseconds = max(nanoseconds[.router] ?? 0, 1)
                benchmark.measurement(PairedMetric.router, routerNanoseconds)
                benchmark.measurement(PairedMetric.urlSession, nanoseconds[.urlSession] ?? 0)
                benchmark.measurement(PairedMetric.urlSessionWithoutCache, nanoseconds[.urlSessionWithoutCache] ?? 0)
                benchmark.measurement(
                    PairedMetric.throughputRatio, (nanoseconds[.urlSession] ?? 0) * 1000 / routerNanoseconds)
                benchmark.measurement(
                    PairedMetric.throughputRatioWithoutCache,
                    (nanoseconds[.urlSessionWithoutCache] ?? 0) * 1000 / routerNanoseconds)
            } setup: {
                for side in PairedSide.allCases {
                    try await side.fetch(endpoint, url: url, expectedLength: expectedLength)
                }
            }

            Benchmark("\(label): baseline URLSession", configuration: Settings.endToEnd) {
                (benchmark: Benchmark) async throws in
                try await runConcurrently(benchmark.scaledIterations.count, concurrency: concurrency) {
                    let (data, response) = try await session.data(for: URLRequest(url: url))
                    try expectOK(response, length: data.count, expectedLength: expectedLength)
                }
            } setup: {
                _ = try await session.data(for: URLRequest(url: url))
            }
        }
    }
}

/// One side of the paired end-to-end benchmarks.
enum PairedSide: CaseIterable {
    case router
    case urlSession
    case urlSessionWithoutCache

    /// Fetches the JSON file once and checks the answer.
    func fetch(_ endpoint: LocalFile, url: URL, expectedLength: Int?) async throws {
        switch self {
        case .router:
            let response = try await EndToEndBenchmarks.router.request(endpoint)
            try expectOK(response.head.httpURLResponse, length: response.data.count, expectedLength: expectedLength)
        case .urlSession, .urlSessionWithoutCache:
            let session = self == .urlSession ? EndToEndBenchmarks.session : EndToEndBenchmarks.sessionWithoutCache
            let (data, response) = try await session.data(for: URLRequest(url: url))
            try expectOK(response, length: data.count, expectedLength: expectedLength)
        }
    }
}

/// What the paired end-to-end benchmarks record per iteration.
enum PairedMetric {
    /// Wall-clock nanoseconds per request through `Router`.
    static var router: BenchmarkMetric { .custom("Router ns per request", useScalingFactor: false) }
    /// Wall-clock nanoseconds per request through a bare `URLSession`.
    static var urlSession: BenchmarkMetric { .custom("URLSession ns per request", useScalingFactor: false) }
    /// Wall-clock nanoseconds per request through a bare `URLSession` without a `URLCache`.
    static var urlSessionWithoutCache: BenchmarkMetric {
        .custom("URLSession without cache ns per request", useScalingFactor: false)
    }
    /// Router requests per second over URLSession's, in thousandths (1000 = as fast).
    static var throughputRatio: BenchmarkMetric {
        .custom("Router/URLSession req per s x1000", polarity: .prefersLarger, useScalingFactor: false)
    }
    /// Router requests per second over those of URLSession without a `URLCache`, in thousandths.
    static var throughputRatioWithoutCache: BenchmarkMetric {
        .custom("Router/URLSession without cache req per s x1000", polarity: .prefersLarger, useScalingFactor: false)
    }
}

extension Array {
    /// The elements, starting at `offset` (modulo the count) and wrapping around.
    func rotated(by offset: Int) -> [Element] {
        guard !isEmpty else { return self }
        let start = offset % count
        return Array(self[start...] + self[..<start])
    }
}

extension Duration {
    var nanoseconds: Int {
        let (seconds, attoseconds) = components
        return Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)
    }
}
