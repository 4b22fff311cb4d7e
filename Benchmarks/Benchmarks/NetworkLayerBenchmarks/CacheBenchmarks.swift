import Benchmark
import Foundation
@_spi(Transport) import NetworkLayer

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `HTTPCache` (issue 38): a fresh response answered by the cache against the same page fetched over loopback, in
/// alternating blocks; and the resident memory one stored response takes.
enum CacheBenchmarks {
    /// A router whose cache holds the page, fresh for an hour (nginx's `cached/` location).
    static let cachingRouter = Router<LocalFile>(configuration: RouterConfiguration(cache: HTTPCache()))
    static let pairedBlock = 100
    static let pairedBlocksPerSide = 5
    /// The body of each response the memory benchmark stores.
    static let storedBodySize = 1_000
    /// Responses stored per iteration of the memory benchmark.
    static let storedEntries = Settings.isSmoke ? 2_000 : 10_000

    static func register() {
        if let server = Settings.server {
            registerHit(server: server)
        }
        registerMemory()
    }

    private static func registerHit(server: URL) {
        let cached = LocalFile(baseURL: server, path: "cached/" + LocalFile.json)
        let fetched = LocalFile(baseURL: server, path: LocalFile.json)
        let length = Settings.jsonFileSize
        Benchmark("HTTP cache: paired hit vs loopback round trip", configuration: pairedConfiguration) { benchmark in
            let iteration = benchmark.currentIteration
            // Off the benchmark's own executor, as a server's request handlers run: both sides then pay the same
            // hops, the router's, and none of the harness's.
            let (hit, roundTrip) = try await Task.detached {
                var hit = Duration.zero
                var roundTrip = Duration.zero
                for block in 0..<(2 * pairedBlocksPerSide) {
                    // The side that opens alternates every iteration.
                    let hitSide = (block + iteration) % 2 == 0
                    let start = ContinuousClock.now
                    for _ in 0..<pairedBlock {
                        let response = try await (hitSide ? cachingRouter : EndToEndBenchmarks.router).request(
                            hitSide ? cached : fetched)
                        try expectOK(
                            response.head.httpURLResponse, length: response.data.count, expectedLength: length)
                    }
                    if hitSide { hit += ContinuousClock.now - start } else { roundTrip += ContinuousClock.now - start }
                }
                return (hit, roundTrip)
            }.value
            let requests = pairedBlock * pairedBlocksPerSide
            let hitNanoseconds = max(hit.nanoseconds / requests, 1)
            benchmark.measurement(CacheMetric.hit, hitNanoseconds)
            benchmark.measurement(CacheMetric.roundTrip, roundTrip.nanoseconds / requests)
            benchmark.measurement(CacheMetric.speedup, roundTrip.nanoseconds / requests * 1000 / hitNanoseconds)
        } setup: {
            _ = try await cachingRouter.request(cached)
            let again = try await cachingRouter.request(cached)
            guard again.cacheStatus == .cached else { throw BenchmarkSetupError.notCached(again.cacheStatus) }
            _ = try await EndToEndBenchmarks.router.request(fetched)
        }
    }

    private static func registerMemory() {
        Benchmark("HTTP cache: resident memory per stored response", configuration: memoryConfiguration) {
            benchmark in
            let cache = HTTPCache(maximumSize: 1 << 30)
            let router = Router<LocalFile>(
                configuration: RouterConfiguration(cache: cache), transport: storingTransport)
            guard let base = URL(string: "https://cache.test/entries") else { throw URLError(.badURL) }
            let before = ResidentMemory.bytes()
            for index in 0..<storedEntries {
                _ = try await router.request(LocalFile(baseURL: base, path: "\(index)"))
            }
            let after = ResidentMemory.bytes()
            // Kept, so that the next iteration cannot reuse this one's memory.
            await KeptCaches.shared.keep(cache)
            benchmark.measurement(CacheMetric.residentPerEntry, max(after - before, 0) / storedEntries)
        }
    }

    /// Answers every request with a 200 of ``storedBodySize`` bytes that may be kept for an hour.
    private static let storingTransport = ClosureTransport { request in
        guard let url = request.url,
            let response = HTTPURLResponse(
                url: url, statusCode: 200, httpVersion: "HTTP/1.1",
                headerFields: ["Cache-Control": "max-age=3600", "Content-Type": "application/octet-stream"])
        else { throw URLError(.badURL) }
        return (Data(repeating: 0x61, count: storedBodySize), response)
    }

    private static var pairedConfiguration: Benchmark.Configuration {
        .init(
            metrics: [CacheMetric.hit, CacheMetric.roundTrip, CacheMetric.speedup, .throughput],
            warmupIterations: Settings.isSmoke ? 0 : 1,
            scalingFactor: .one,
            maxDuration: Settings.isSmoke ? .milliseconds(100) : .seconds(20),
            maxIterations: Settings.isSmoke ? 1 : 20
        )
    }

    private static var memoryConfiguration: Benchmark.Configuration {
        .init(
            metrics: [CacheMetric.residentPerEntry, .throughput],
            warmupIterations: 0,
            scalingFactor: .one,
            maxDuration: Settings.isSmoke ? .milliseconds(100) : .seconds(30),
            maxIterations: Settings.isSmoke ? 1 : 5
        )
    }
}

/// What the cache benchmarks record per iteration.
enum CacheMetric {
    /// Wall-clock nanoseconds per request answered by the cache.
    static var hit: BenchmarkMetric { .custom("Cache hit ns per request", useScalingFactor: false) }
    /// Wall-clock nanoseconds per request to nginx on loopback.
    static var roundTrip: BenchmarkMetric { .custom("Round trip ns per request", useScalingFactor: false) }
    /// How many times faster a hit is than a round trip, in thousandths.
    static var speedup: BenchmarkMetric {
        .custom("Round trip/cache hit x1000", polarity: .prefersLarger, useScalingFactor: false)
    }
    /// Resident bytes per stored response, body included.
    static var residentPerEntry: BenchmarkMetric {
        .custom("Resident bytes per stored response", useScalingFactor: false)
    }
}

enum BenchmarkSetupError: Error {
    case notCached(CacheStatus)
}

/// Holds the caches the memory benchmark filled, for the life of the process.
actor KeptCaches {
    static let shared = KeptCaches()
    private var caches: [HTTPCache] = []

    func keep(_ cache: HTTPCache) {
        caches.append(cache)
    }
}

/// The process's resident memory, from `/proc/self/statm` (Linux).
enum ResidentMemory {
    static func bytes() -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }
}
