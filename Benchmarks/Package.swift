// swift-tools-version:6.2
import PackageDescription

// The transport benchmarks compare AsyncHTTPClientTransport (the root package's product behind its trait
// AsyncHTTPClient) with the default transport and raw AsyncHTTPClient. AsyncHTTPClient's release build takes
// about ten minutes on two cores, so the smoke run in CI (scripts/test.sh) sets NETWORKLAYER_BENCH_TRANSPORTS=0
// and builds without it.
let withTransports = Context.environment["NETWORKLAYER_BENCH_TRANSPORTS"] != "0"
let transportDependencies: [Target.Dependency] =
    withTransports
    ? [
        .product(name: "NetworkLayerAsyncHTTPClient", package: "NetworkLayer"),
        .product(name: "AsyncHTTPClient", package: "async-http-client"),
        .product(name: "NIOSSL", package: "swift-nio-ssl"),
    ] : []

// The benchmark suite is a package of its own, so the library itself stays free of dependencies.
let package = Package(
    name: "NetworkLayerBenchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "NetworkLayer", path: "..", traits: withTransports ? ["AsyncHTTPClient"] : []),
        // The allocation counts need the malloc interposer, which SwiftPM enables through this trait.
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.29.0", traits: ["MallocInterposer"]),
    ]
        + (withTransports
            ? [
                .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.37.0"),
                // The HTTP/2 benchmark's clients trust the local nginx's throw-away authority.
                .package(url: "https://github.com/apple/swift-nio-ssl.git", from: "2.30.0"),
            ] : []),
    targets: [
        .executableTarget(
            name: "NetworkLayerBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "NetworkLayer", package: "NetworkLayer"),
                .product(name: "BeagleAdapter", package: "NetworkLayer"),
            ] + transportDependencies,
            path: "Benchmarks/NetworkLayerBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        // Run one download in a process of their own, for the download benchmarks' peak memory.
        .target(
            name: "ProbeSupport",
            dependencies: [.product(name: "NetworkLayer", package: "NetworkLayer")],
            path: "Probes/ProbeSupport"
        ),
        .executableTarget(
            name: "DownloadProbe",
            dependencies: ["ProbeSupport", .product(name: "NetworkLayer", package: "NetworkLayer")],
            path: "Probes/DownloadProbe"
        ),
    ]
        + (withTransports
            ? [
                .executableTarget(
                    name: "TransportDownloadProbe",
                    dependencies: ["ProbeSupport", .product(name: "NetworkLayer", package: "NetworkLayer")]
                        + transportDependencies,
                    path: "Probes/TransportDownloadProbe"
                )
            ] : []),
    swiftLanguageModes: [.v6]
)
