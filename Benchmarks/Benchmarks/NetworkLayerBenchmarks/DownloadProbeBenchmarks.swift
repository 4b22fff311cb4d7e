import Benchmark
import Foundation

/// Peak resident memory of a process that does nothing but download the 200 MB file, through `Router`
/// or through `URLSession`'s download task: the `DownloadProbe` executable, one run per iteration.
///
/// The in-process download benchmarks also count the benchmark harness's own memory (its statistics,
/// the malloc interposer, its threads), a few megabytes that say nothing about the download. A process
/// of its own is what an app that downloads is, and the kernel's high-water mark (`VmHWM`) is exact
/// where a sampler can miss the peak.
enum DownloadProbeBenchmarks {
    /// Each side of the comparison: its label in the table, and the probe's argument.
    static let clients: [(label: String, argument: String, probe: URL?)] = [
        (label: "NetworkLayer Router download", argument: "router", probe: Settings.downloadProbeExecutable),
        (label: "baseline URLSession downloadTask", argument: "urlsession", probe: Settings.downloadProbeExecutable),
        (
            label: "Router over AsyncHTTPClientTransport download", argument: "asynchttpclient",
            probe: Settings.transportProbeExecutable
        ),
    ]

    static func register() {
        guard let server = Settings.server else { return }
        guard Settings.downloadProbeExecutable != nil else {
            print("Skipping the own-process download benchmarks: NETWORKLAYER_BENCH_DOWNLOAD_PROBE is not set")
            return
        }
        // Smoke mode only checks that the probe works, so it fetches the 20 MB file instead.
        let (path, expectedLength) =
            Settings.isSmoke
            ? (LocalFile.smallBlob, LocalFile.smallBlobSize) : (LocalFile.largeBlob, LocalFile.largeBlobSize)
        let url = server.appendingPathComponent(path)

        for client in clients {
            guard let probe = client.probe else { continue }
            Benchmark("Download 200 MB to disk, own process: \(client.label)", configuration: Settings.downloadProbe) {
                (benchmark: Benchmark) throws in
                let run = try ProbeRun(probe: probe, client: client.argument, url: url)
                guard run.bytes == expectedLength else {
                    throw BenchmarkFailure("the probe wrote \(run.bytes) bytes instead of \(expectedLength)")
                }
                benchmark.measurement(ProbeMetric.peakResident, run.peakResidentBytes)
                benchmark.measurement(ProbeMetric.downloadTime, run.nanoseconds)
            }
        }
    }
}

/// What the own-process download benchmarks record per iteration.
enum ProbeMetric {
    /// The probe process's peak resident memory, in bytes.
    static var peakResident: BenchmarkMetric {
        .custom("Probe peak resident memory (bytes)", polarity: .prefersSmaller, useScalingFactor: false)
    }
    /// The download's own wall-clock time inside the probe, in nanoseconds.
    static var downloadTime: BenchmarkMetric {
        .custom("Probe download time (ns)", polarity: .prefersSmaller, useScalingFactor: false)
    }
}

/// One run of the `DownloadProbe` executable and what it printed.
struct ProbeRun {
    let bytes: Int
    let peakResidentBytes: Int
    let nanoseconds: Int

    init(probe: URL, client: String, url: URL) throws {
        let process = Process()
        let output = Pipe()
        process.executableURL = probe
        process.arguments = [client, url.absoluteString]
        process.standardOutput = output
        try process.run()
        let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw BenchmarkFailure("DownloadProbe \(client) exited with \(process.terminationStatus)")
        }
        var fields: [String: Int] = [:]
        for field in printed.split(whereSeparator: \.isWhitespace) {
            let parts = field.split(separator: "=", maxSplits: 1)
            if parts.count == 2, let value = Int(parts[1]) { fields[String(parts[0])] = value }
        }
        guard let bytes = fields["bytes"], let peak = fields["peak_rss_bytes"], let nanoseconds = fields["nanoseconds"]
        else { throw BenchmarkFailure("DownloadProbe printed \(printed)") }
        self.bytes = bytes
        self.peakResidentBytes = peak
        self.nanoseconds = nanoseconds
    }
}
