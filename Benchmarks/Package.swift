// swift-tools-version:6.1
import PackageDescription

// The benchmark suite is a package of its own, so the library itself stays free of dependencies.
let package = Package(
    name: "NetworkLayerBenchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "NetworkLayer", path: ".."),
        // The allocation counts need the malloc interposer, which SwiftPM enables through this trait.
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.29.0", traits: ["MallocInterposer"]),
    ],
    targets: [
        .executableTarget(
            name: "NetworkLayerBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "NetworkLayer", package: "NetworkLayer"),
                .product(name: "BeagleAdapter", package: "NetworkLayer"),
            ],
            path: "Benchmarks/NetworkLayerBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        // Runs one download in a process of its own, for the download benchmarks' peak memory.
        .executableTarget(
            name: "DownloadProbe",
            dependencies: [.product(name: "NetworkLayer", package: "NetworkLayer")],
            path: "Probes/DownloadProbe"
        ),
    ],
    swiftLanguageModes: [.v6]
)
