import Benchmark
import Foundation
import NetworkLayer

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Requests per second to the local nginx, through `Router` and through a bare `URLSession`, 1,000 per iteration.
enum EndToEndBenchmarks {
    /// Both sides use an ephemeral session, as `URLSessionTransport` does by default.
    static let router = Router<LocalFile>()
    static let session = URLSession(configuration: .ephemeral)
    static let concurrencies = [1, 32]
    /// Requests per block of the paired benchmarks: each iteration alternates blocks of Router and
    /// URLSession requests, so that both sides see the same moments of a noisy machine.
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
                    try expectOK(response.httpResponse, length: response.data.count, expectedLength: expectedLength)
                }
            } setup: {
                _ = try await router.request(endpoint)
            }

            Benchmark("\(label): paired Router vs URLSession", configuration: Settings.pairedEndToEnd) {
                (benchmark: Benchmark) async throws in
                // Blocks alternate, and which side opens flips every iteration, so neither side always goes first.
                let routerFirst = benchmark.currentIteration.isMultiple(of: 2)
                var routerTime = Duration.zero
                var sessionTime = Duration.zero
                for block in 0..<(2 * pairedBlocksPerSide) {
                    let throughRouter = block.isMultiple(of: 2) == routerFirst
                    let start = ContinuousClock.now
                    try await runConcurrently(pairedBlock, concurrency: concurrency) {
                        if throughRouter {
                            let response = try await Self.router.request(endpoint)
                            let length = response.data.count
                            try expectOK(response.httpResponse, length: length, expectedLength: expectedLength)
                        } else {
                            let (data, response) = try await session.data(for: URLRequest(url: url))
                            try expectOK(response, length: data.count, expectedLength: expectedLength)
                        }
                    }
                    if throughRouter {
                        routerTime += ContinuousClock.now - start
                    } else {
                        sessionTime += ContinuousClock.now - start
                    }
                }
                let requestsPerSide = pairedBlock * pairedBlocksPerSide
                let routerNanoseconds = routerTime.nanoseconds / requestsPerSide
                let sessionNanoseconds = sessionTime.nanoseconds / requestsPerSide
                benchmark.measurement(PairedMetric.router, routerNanoseconds)
                benchmark.measurement(PairedMetric.urlSession, sessionNanoseconds)
                let ratio = sessionNanoseconds * 1000 / max(routerNanoseconds, 1)
                benchmark.measurement(PairedMetric.throughputRatio, ratio)
            } setup: {
                _ = try await router.request(endpoint)
                _ = try await session.data(for: URLRequest(url: url))
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

/// What the paired end-to-end benchmarks record per iteration.
enum PairedMetric {
    /// Wall-clock nanoseconds per request through `Router`.
    static var router: BenchmarkMetric { .custom("Router ns per request", useScalingFactor: false) }
    /// Wall-clock nanoseconds per request through a bare `URLSession`.
    static var urlSession: BenchmarkMetric { .custom("URLSession ns per request", useScalingFactor: false) }
    /// Router requests per second over URLSession's, in thousandths (1000 = as fast).
    static var throughputRatio: BenchmarkMetric {
        .custom("Router/URLSession req per s x1000", polarity: .prefersLarger, useScalingFactor: false)
    }
}

extension Duration {
    var nanoseconds: Int {
        let (seconds, attoseconds) = components
        return Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)
    }
}
