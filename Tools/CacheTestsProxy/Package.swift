// swift-tools-version:6.2
import PackageDescription

// A forwarding proxy that puts a NetworkLayer `Router` between the RFC 9111 cache test suite and its origin
// server (see scripts/cache_tests.sh). A package of its own, so the library stays free of tools and of
// SwiftNIO.
let package = Package(
    name: "CacheTestsProxy",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "NetworkLayer", path: "../..", traits: ["AsyncHTTPClient"]),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.100.0"),
    ],
    targets: [
        .executableTarget(
            name: "cache-tests-proxy",
            dependencies: [
                .product(name: "NetworkLayer", package: "NetworkLayer"),
                .product(name: "NetworkLayerAsyncHTTPClient", package: "NetworkLayer"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ],
            path: "Sources/cache-tests-proxy"
        )
    ],
    swiftLanguageModes: [.v6]
)
