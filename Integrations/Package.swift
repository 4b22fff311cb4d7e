// swift-tools-version:6.0
import PackageDescription

// Optional integrations for server-side Swift, each a product of its own so that an app pulls only what
// it uses. The root package stays free of dependencies.
let package = Package(
    name: "NetworkLayerIntegrations",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9)],
    products: [
        .library(name: "NetworkLayerAsyncHTTPClient", targets: ["NetworkLayerAsyncHTTPClient"]),
        .library(name: "NetworkLayerLogging", targets: ["NetworkLayerLogging"]),
        .library(name: "NetworkLayerMetrics", targets: ["NetworkLayerMetrics"]),
        .library(name: "NetworkLayerTracing", targets: ["NetworkLayerTracing"]),
    ],
    dependencies: [
        .package(name: "NetworkLayer", path: ".."),
        .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.100.0"),
        .package(url: "https://github.com/apple/swift-nio-ssl.git", from: "2.30.0"),
        .package(url: "https://github.com/apple/swift-nio-extras.git", from: "1.26.0"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.0"),
        .package(url: "https://github.com/apple/swift-metrics.git", from: "2.5.0"),
        .package(url: "https://github.com/apple/swift-distributed-tracing.git", from: "1.1.0"),
    ],
    targets: [
        .target(name: "IntegrationSupport"),
        .executableTarget(
            name: "ServerStyleExample",
            dependencies: [
                "NetworkLayerAsyncHTTPClient", "NetworkLayerLogging", "NetworkLayerMetrics", "NetworkLayerTracing",
                .product(name: "NetworkLayer", package: "NetworkLayer"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "MetricsTestKit", package: "swift-metrics"),
                .product(name: "Tracing", package: "swift-distributed-tracing"),
                .product(name: "InMemoryTracing", package: "swift-distributed-tracing"),
            ]
        ),
        .target(
            name: "NetworkLayerAsyncHTTPClient",
            dependencies: [
                "IntegrationSupport",
                .product(name: "NetworkLayer", package: "NetworkLayer"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOFoundationCompat", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "NIOHTTPCompression", package: "swift-nio-extras"),
            ]
        ),
        .target(
            name: "NetworkLayerLogging",
            dependencies: [
                .product(name: "NetworkLayer", package: "NetworkLayer"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .target(
            name: "NetworkLayerMetrics",
            dependencies: [
                .product(name: "NetworkLayer", package: "NetworkLayer"),
                .product(name: "CoreMetrics", package: "swift-metrics"),
            ]
        ),
        .target(
            name: "NetworkLayerTracing",
            dependencies: [
                "IntegrationSupport",
                .product(name: "NetworkLayer", package: "NetworkLayer"),
                .product(name: "Tracing", package: "swift-distributed-tracing"),
                .product(name: "Instrumentation", package: "swift-distributed-tracing"),
            ]
        ),
        .testTarget(
            name: "NetworkLayerIntegrationsTests",
            dependencies: [
                "NetworkLayerAsyncHTTPClient", "NetworkLayerLogging", "NetworkLayerMetrics", "NetworkLayerTracing",
                .product(name: "NetworkLayer", package: "NetworkLayer"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "InMemoryLogging", package: "swift-log"),
                .product(name: "MetricsTestKit", package: "swift-metrics"),
                .product(name: "Tracing", package: "swift-distributed-tracing"),
                .product(name: "InMemoryTracing", package: "swift-distributed-tracing"),
                .product(name: "NIOCore", package: "swift-nio"),
            ]
        ),
        // The root package's httpbin and fault suites, built again over AsyncHTTPClientTransport: the shared test support
        // (`LoopbackPeer.makeTransport()`) picks the transport by this condition.
        .target(
            name: "TestSupport",
            dependencies: [
                .product(name: "NetworkLayer", package: "NetworkLayer"), "NetworkLayerAsyncHTTPClient",
                "IntegrationSupport",
            ],
            path: "Tests/Shared/TestSupport",
            swiftSettings: [.define("NETWORKLAYER_ASYNC_HTTP_CLIENT")]
        ),
        .testTarget(
            name: "LoopbackSuitesOverAsyncHTTPClientTests",
            dependencies: ["TestSupport", .product(name: "NetworkLayer", package: "NetworkLayer")],
            path: "Tests/Shared/LoopbackSuites",
            swiftSettings: [.define("NETWORKLAYER_ASYNC_HTTP_CLIENT")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
