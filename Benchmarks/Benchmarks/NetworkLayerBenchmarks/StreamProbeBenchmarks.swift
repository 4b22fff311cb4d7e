import Benchmark
import Foundation

/// Streaming the 1 GB file in a process of its own (the `DownloadProbe` executable), as the streaming issue
/// measures it: peak resident memory with a consumer that sleeps 1 ms per chunk, far slower than loopback, and
/// the time of a consumer that keeps up, against the router downloading the same bytes to a file.
enum StreamProbeBenchmarks {
    static let clients: [(label: String, argument: String)] = [
        (label: "NetworkLayer Router stream, consumer sleeping 1 ms per chunk", argument: "router-stream-slow"),
        (label: "NetworkLayer Router stream, fast consumer", argument: "router-stream"),
        (label: "baseline Router download to a file", argument: "router"),
    ]

    static func register() {
        guard let server = Settings.server, let probe = Settings.downloadProbeExecutable else { return }
        // Smoke mode only checks that the probe works, so it streams the 20 MB file instead.
        let (path, expectedLength) =
            Settings.isSmoke
            ? (LocalFile.smallBlob, LocalFile.smallBlobSize) : (LocalFile.streamBlob, LocalFile.streamBlobSize)
        let url = server.appendingPathComponent(path)
        for client in clients {
            let runs = ProbeRuns()
            Benchmark("Stream 1 GB, own process: \(client.label)", configuration: Settings.streamProbe) { benchmark in
                guard let run = await runs.next() else { throw BenchmarkFailure("no probe run left to report") }
                benchmark.measurement(ProbeMetric.peakResident, run.peakResidentBytes)
                benchmark.measurement(ProbeMetric.downloadTime, run.nanoseconds)
            } setup: {
                // The runs happen here, untimed: an iteration that takes over 2 s would leave the benchmark out
                // of the JMH export (its throughput rounds to 0), so each iteration only reports one run.
                for _ in 0..<Settings.streamProbeRuns {
                    let run = try ProbeRun(probe: probe, client: client.argument, url: url)
                    guard run.bytes == expectedLength else {
                        throw BenchmarkFailure("the probe read \(run.bytes) bytes instead of \(expectedLength)")
                    }
                    await runs.add(run)
                }
            }
        }
    }
}

/// The probe runs a stream benchmark's setup made, handed out one per iteration.
actor ProbeRuns {
    private var runs: [ProbeRun] = []

    func add(_ run: ProbeRun) {
        runs.append(run)
    }

    func next() -> ProbeRun? {
        runs.isEmpty ? nil : runs.removeFirst()
    }
}

extension Settings {
    /// Probe runs per stream benchmark: three of a gigabyte (the slow consumer alone takes about half a
    /// minute each), one of the 20 MB file in smoke mode.
    static var streamProbeRuns: Int { isSmoke ? 1 : 3 }

    /// One reported probe run per iteration.
    static var streamProbe: Benchmark.Configuration {
        .init(
            metrics: [ProbeMetric.peakResident, ProbeMetric.downloadTime, .throughput],
            warmupIterations: 0,
            scalingFactor: .one,
            maxDuration: .seconds(10),
            maxIterations: streamProbeRuns
        )
    }
}
