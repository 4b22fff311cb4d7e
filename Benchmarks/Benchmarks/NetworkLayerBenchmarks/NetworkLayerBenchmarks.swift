import Benchmark

/// Every benchmark of the suite; the benchmark plugin's generated `main` calls this.
let benchmarks: @Sendable () -> Void = {
    RequestBuildBenchmarks.register()
    DecodeBenchmarks.register()
    ServerSentEventBenchmarks.register()
    EndToEndBenchmarks.register()
    CacheBenchmarks.register()
    DownloadBenchmarks.register()
    DownloadProbeBenchmarks.register()
    StreamCancellationBenchmarks.register()
    StreamProbeBenchmarks.register()
    #if canImport(NetworkLayerAsyncHTTPClient)
    TransportBenchmarks.register()
    HTTPVersionBenchmarks.register()
    TransportStreamCancellationBenchmarks.register()
    #endif
}
