#if canImport(NetworkLayerAsyncHTTPClient)
import Benchmark
import Foundation
import NetworkLayer
import NetworkLayerAsyncHTTPClient

/// The stream cancellation benchmarks (``StreamCancellationBenchmarks``) over `AsyncHTTPClientTransport`: how soon
/// the server sees the connection closed once the consumer stops the stream, in the same three ways.
///
/// Each iteration uses a transport of its own, so that the stream opens a new connection instead of taking one
/// the pool kept, and shuts it down after the measurement.
enum TransportStreamCancellationBenchmarks {
    static func register() {
        guard let server = Settings.server, let port = server.port, ServerSockets.isAvailable else { return }
        for pace in StreamPace.allCases {
            let endpoint = LocalFile(baseURL: server, path: pace.path)
            for stop in StreamStop.allCases {
                Benchmark(
                    "Stream cancellation over AsyncHTTPClientTransport, \(pace.label): \(stop.label)",
                    configuration: Settings.streamCancellation
                ) { benchmark in
                    for _ in benchmark.scaledIterations {
                        let transport = AsyncHTTPClientTransport()
                        let latency = try await stop.closeLatency(
                            of: endpoint, through: Router(transport: transport), port: port)
                        try await transport.shutdown()
                        benchmark.measurement(CancellationMetric.closeSeen, latency.nanoseconds)
                    }
                }
            }
        }
    }
}
#endif
