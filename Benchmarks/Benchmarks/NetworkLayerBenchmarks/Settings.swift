import Benchmark
import Foundation

/// What the run asked for, read from the environment that `scripts/run.sh` and `scripts/test.sh` set.
enum Settings {
    private static let environment = ProcessInfo.processInfo.environment

    /// `NETWORKLAYER_BENCH_SMOKE=1`: one iteration of everything, no warm-up (CI checks that the suite runs).
    static let isSmoke = environment["NETWORKLAYER_BENCH_SMOKE"] == "1"

    /// `NETWORKLAYER_BENCH_SERVER`: the local nginx, such as `http://127.0.0.1:8080`. Only loopback is accepted.
    static let server: URL? = {
        guard let text = environment["NETWORKLAYER_BENCH_SERVER"], !text.isEmpty else { return nil }
        guard let url = URL(string: text), url.scheme == "http", url.host == "127.0.0.1" else {
            print("NETWORKLAYER_BENCH_SERVER=\(text) is not http://127.0.0.1:PORT; network benchmarks are skipped")
            return nil
        }
        return url
    }()

    /// The recorded TMDB page: `NETWORKLAYER_BENCH_TMDB_FIXTURE`, or `../shared/fixtures/tmdb` beside the repository.
    static let tmdbFixture: URL = {
        if let path = environment["NETWORKLAYER_BENCH_TMDB_FIXTURE"], !path.isEmpty {
            return URL(fileURLWithPath: path)
        }
        // This file is <repo>/Benchmarks/Benchmarks/NetworkLayerBenchmarks/Settings.swift.
        var repository = URL(fileURLWithPath: #filePath)
        for _ in 0..<4 { repository.deleteLastPathComponent() }
        return repository.deletingLastPathComponent()
            .appendingPathComponent("shared/fixtures/tmdb/now_playing_en-US_2023-08.json")
    }()

    /// Inner-loop size of the per-operation benchmarks: results are shown per operation.
    static var operationsPerIteration: BenchmarkScalingFactor { .kilo }

    /// Building and decoding: fast, CPU-bound, one thread.
    static var cpuBound: Benchmark.Configuration {
        .init(
            metrics: [.wallClock, ThreadCPUTime.metric, .mallocCountTotal, .throughput],
            warmupIterations: isSmoke ? 0 : 3,
            scalingFactor: operationsPerIteration,
            maxDuration: isSmoke ? .milliseconds(100) : .seconds(3),
            maxIterations: isSmoke ? 1 : 300
        )
    }

    /// A NetworkLayer operation against its baseline in alternating blocks (see ``PairedCPUTime``).
    static var pairedCPUBound: Benchmark.Configuration {
        .init(
            metrics: [PairedCPUTime.ratio, .throughput],
            warmupIterations: isSmoke ? 0 : 3,
            scalingFactor: .one,
            maxDuration: isSmoke ? .milliseconds(100) : .seconds(5),
            maxIterations: isSmoke ? 1 : 100
        )
    }

    /// Requests to the local server: 1,000 per iteration.
    static var endToEnd: Benchmark.Configuration {
        .init(
            metrics: [.wallClock, .cpuTotal, .mallocCountTotal, .throughput],
            warmupIterations: isSmoke ? 0 : 1,
            scalingFactor: operationsPerIteration,
            maxDuration: isSmoke ? .milliseconds(100) : .seconds(10),
            maxIterations: isSmoke ? 1 : 15
        )
    }

    /// Router, URLSession and URLSession without a cache in turn, 500 requests each per iteration.
    static var pairedEndToEnd: Benchmark.Configuration {
        .init(
            metrics: [
                PairedMetric.router, PairedMetric.urlSession, PairedMetric.urlSessionWithoutCache,
                PairedMetric.throughputRatio, PairedMetric.throughputRatioWithoutCache, .throughput,
            ],
            warmupIterations: isSmoke ? 0 : 1,
            scalingFactor: .one,
            maxDuration: isSmoke ? .milliseconds(100) : .seconds(40),
            maxIterations: isSmoke ? 1 : 30
        )
    }

    /// Downloads in a process of their own: one run of `DownloadProbe` per iteration.
    static var downloadProbe: Benchmark.Configuration {
        .init(
            metrics: [ProbeMetric.peakResident, ProbeMetric.downloadTime, .throughput],
            warmupIterations: 0,
            scalingFactor: .kilo,  // as for `download` below: keeps the run in the JMH export
            maxDuration: isSmoke ? .milliseconds(100) : .seconds(40),
            maxIterations: isSmoke ? 1 : 15
        )
    }

    /// Downloads: one transfer per iteration, peak resident memory of the whole process.
    static var download: Benchmark.Configuration {
        .init(
            metrics: [.peakMemoryResident, .wallClock, .mallocCountTotal, .throughput],
            warmupIterations: 0,
            // Still one transfer per iteration. The factor only keeps package-benchmark's integer
            // throughput above zero for transfers slower than a second: without a throughput, the
            // JMH export that scripts/report.py reads leaves the benchmark out.
            scalingFactor: .kilo,
            maxDuration: isSmoke ? .milliseconds(100) : .seconds(10),
            maxIterations: isSmoke ? 1 : 5
        )
    }
}

extension Settings {
    /// `NETWORKLAYER_BENCH_DOWNLOAD_PROBE`: the `DownloadProbe` executable, which `scripts/run.sh` builds.
    static let downloadProbeExecutable: URL? = ProcessInfo.processInfo.environment["NETWORKLAYER_BENCH_DOWNLOAD_PROBE"]
        .flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) }

    /// `NETWORKLAYER_BENCH_TRANSPORT_PROBE`: the `TransportDownloadProbe` executable, which `scripts/run.sh` builds
    /// unless `NETWORKLAYER_BENCH_TRANSPORTS=0`.
    static let transportProbeExecutable: URL? = ProcessInfo.processInfo.environment[
        "NETWORKLAYER_BENCH_TRANSPORT_PROBE"
    ]
    .flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) }

    /// `NETWORKLAYER_BENCH_JSON_SIZE`: the byte count of the served JSON file, checked on every response.
    static let jsonFileSize: Int? = ProcessInfo.processInfo.environment["NETWORKLAYER_BENCH_JSON_SIZE"]
        .flatMap { Int($0) }
}

extension Settings {
    /// `NETWORKLAYER_BENCH_TLS_SERVER`: the local nginx over TLS, HTTP/2 offered by ALPN, such as
    /// `https://127.0.0.1:8443`. Only loopback is accepted.
    static let tlsServer: URL? = ProcessInfo.processInfo.environment["NETWORKLAYER_BENCH_TLS_SERVER"]
        .flatMap { URL(string: $0) }
        .flatMap { $0.scheme == "https" && $0.host == "127.0.0.1" ? $0 : nil }

    /// `NETWORKLAYER_BENCH_TLS_AUTHORITY`: the PEM of the authority that signed that server's certificate.
    static let tlsAuthority: String? = ProcessInfo.processInfo.environment["NETWORKLAYER_BENCH_TLS_AUTHORITY"]
        .flatMap { $0.isEmpty ? nil : $0 }
}
