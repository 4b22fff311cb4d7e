import Benchmark
import Foundation
import NetworkLayer

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// How soon the server sees a stream's connection closed once its consumer stops it, in each of the three
/// ways a consumer can, against a `URLSession` data task cancelled after its first chunk as the reference.
///
/// Each iteration streams the 200 MB file from nginx, reads the first chunk, notes the connection at the
/// server (``ServerSockets``), stops, and records the time until the server's side leaves `ESTABLISHED`
/// (1 s when it had not by then). The file comes at 1 MB/s, as a feed arrives, at 64 MB/s, and at full
/// loopback speed, where Foundation on Linux, which cannot pause a transfer, queues chunks faster than they
/// are handed on and the stop waits behind them. A new router and session per iteration keep a connection
/// from being reused.
enum StreamCancellationBenchmarks {
    static func register() {
        guard let server = Settings.server, let port = server.port else { return }
        guard ServerSockets.isAvailable else {
            print("Skipping the stream cancellation benchmarks: no /proc/net/tcp to watch the server's side")
            return
        }
        for pace in StreamPace.allCases {
            let endpoint = LocalFile(baseURL: server, path: pace.path)
            for stop in StreamStop.allCases {
                Benchmark(
                    "Stream cancellation, \(pace.label): \(stop.label)", configuration: Settings.streamCancellation
                ) {
                    benchmark in
                    for _ in benchmark.scaledIterations {
                        let latency = try await stop.closeLatency(of: endpoint, through: Router(), port: port)
                        benchmark.measurement(CancellationMetric.closeSeen, latency.nanoseconds)
                    }
                }
            }
            let url = server.appendingPathComponent(pace.path)
            Benchmark(
                "Stream cancellation, \(pace.label): baseline URLSession task.cancel()",
                configuration: Settings.streamCancellation
            ) { benchmark in
                for _ in benchmark.scaledIterations {
                    let latency = try await cancelledDataTaskLatency(url, port: port)
                    benchmark.measurement(CancellationMetric.closeSeen, latency.nanoseconds)
                }
            }
        }
    }

    /// Starts a data task for `url` in a session of its own, cancels it once the first chunk of its body has
    /// arrived (as the router's consumer stops after its first chunk), and returns how long the server held the
    /// connection open after the cancel.
    static func cancelledDataTaskLatency(_ url: URL, port: Int) async throws -> Duration {
        let signal = FirstChunkSignal()
        let session = URLSession(configuration: .ephemeral, delegate: signal, delegateQueue: nil)
        defer { session.invalidateAndCancel() }
        let before = ServerSockets.openPeers(ofPort: port)
        let task = session.dataTask(with: url)
        task.resume()
        await signal.firstChunk()
        let peers = ServerSockets.openPeers(ofPort: port).subtracting(before)
        guard !peers.isEmpty else { throw BenchmarkFailure("no new connection at the server for the data task") }
        let start = ContinuousClock.now
        task.cancel()
        return try await ServerSockets.closeLatency(of: peers, port: port, since: start)
    }
}

/// How fast the streamed file comes: nginx's `paced-1m/` and `paced-64m/` locations send at that rate, its
/// root as fast as loopback carries it.
enum StreamPace: CaseIterable {
    case feed, fast, unpaced

    var label: String {
        switch self {
        case .feed: "1 MB/s"
        case .fast: "64 MB/s"
        case .unpaced: "full speed"
        }
    }

    var path: String {
        switch self {
        case .feed: "paced-1m/" + LocalFile.largeBlob
        case .fast: "paced-64m/" + LocalFile.largeBlob
        case .unpaced: LocalFile.largeBlob
        }
    }
}

/// The ways a consumer stops a stream it is reading.
enum StreamStop: CaseIterable {
    case leaveLoop, cancelTask, cancelRouter

    var label: String {
        switch self {
        case .leaveLoop: "leaving the loop"
        case .cancelTask: "cancelling the consuming task"
        case .cancelRouter: "Router.cancel()"
        }
    }

    /// Streams `endpoint`, stops after the first chunk, and returns how long the server held the connection
    /// open after the stop.
    func closeLatency(of endpoint: LocalFile, through router: Router<LocalFile>, port: Int) async throws -> Duration {
        let before = ServerSockets.openPeers(ofPort: port)
        let streamed = try await router.stream(endpoint)
        let reader = Task { () async throws -> (peers: Set<Int>, stopped: ContinuousClock.Instant) in
            var chunks = streamed.body.makeAsyncIterator()
            _ = try await chunks.next()
            let peers = ServerSockets.openPeers(ofPort: port).subtracting(before)
            let stopped = ContinuousClock.now
            switch self {
            case .leaveLoop: return (peers, stopped)
            case .cancelTask: withUnsafeCurrentTask { $0?.cancel() }
            case .cancelRouter: router.cancel()
            }
            do {
                while try await chunks.next() != nil {}
            } catch {
                return (peers, stopped)
            }
            throw BenchmarkFailure("the stream ran to its end after \(label)")
        }
        let (peers, stopped) = try await reader.value
        guard !peers.isEmpty else { throw BenchmarkFailure("no new connection at the server for the stream") }
        return try await ServerSockets.closeLatency(of: peers, port: port, since: stopped)
    }
}

/// What the stream cancellation benchmarks record per iteration.
enum CancellationMetric {
    /// Nanoseconds from the stop until the server's side of the connection left `ESTABLISHED`.
    static var closeSeen: BenchmarkMetric {
        .custom("Close seen by the server (ns)", polarity: .prefersSmaller, useScalingFactor: false)
    }
}

extension Settings {
    /// One stream per iteration, 20 iterations.
    static var streamCancellation: Benchmark.Configuration {
        .init(
            metrics: [CancellationMetric.closeSeen, .throughput],
            warmupIterations: isSmoke ? 0 : 2,
            scalingFactor: .one,
            maxDuration: isSmoke ? .seconds(3) : .seconds(30),
            maxIterations: isSmoke ? 1 : 20
        )
    }
}
