// swift-tools-version:6.2
import PackageDescription

// A load test of the library against a local httpbin (see README.md). A package of its own, so the
// library itself stays free of tools and dependencies.
let package = Package(
    name: "LoadTest",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "NetworkLayer", path: "../..")
    ],
    targets: [
        .executableTarget(
            name: "loadtest",
            dependencies: [.product(name: "NetworkLayer", package: "NetworkLayer")],
            path: "Sources/loadtest"
        )
    ],
    swiftLanguageModes: [.v6]
)
