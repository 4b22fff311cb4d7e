// swift-tools-version:6.2
import PackageDescription

// The integrations' tests and the server-style example. The integrations themselves are products of the root
// package, each behind a trait (../Package.swift); this package turns every trait on, as an app does for the
// products it uses, and adds what only the tests and the example need.
let package = Package(
    name: "NetworkLayerIntegrations",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9)],
    dependencies: [
        .package(
            name: "NetworkLayer", path: "..",
            traits: ["AsyncHTTPClient", "Logging", "Metrics", "Tracing", "OpenAPIRuntime"]),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.100.0"),
        .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-nio-ssl.git", from: "2.30.0"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.0"),
        .package(url: "https://github.com/apple/swift-metrics.git", from: "2.5.0"),
        .package(url: "https://github.com/apple/swift-distributed-tracing.git", from: "1.1.0"),
        .package(url: "https://github.com/apple/swift-openapi-runtime.git", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.0.0"),
    ],
    targets: [
        .executableTarget(
            name: "ServerStyleExample",
            dependencies: [
                .product(name: "NetworkLayer", package: "NetworkLayer"),
                .product(name: "NetworkLayerAsyncHTTPClient", package: "NetworkLayer"),
                .product(name: "NetworkLayerLogging", package: "NetworkLayer"),
                .product(name: "NetworkLayerMetrics", package: "NetworkLayer"),
                .product(name: "NetworkLayerTracing", package: "NetworkLayer"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "MetricsTestKit", package: "swift-metrics"),
                .product(name: "Tracing", package: "swift-distributed-tracing"),
                .product(name: "InMemoryTracing", package: "swift-distributed-tracing"),
            ]
        ),
        // A forwarding proxy that puts a `Router` with a shared `HTTPCache` between the RFC 9111 cache test suite
        // and its origin (scripts/cache_tests.sh); here so that it shares this package's build of SwiftNIO.
        .executableTarget(
            name: "cache-tests-proxy",
            dependencies: [
                .product(name: "NetworkLayer", package: "NetworkLayer"),
                .product(name: "NetworkLayerAsyncHTTPClient", package: "NetworkLayer"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ],
            path: "Sources/CacheTestsProxy",
            exclude: ["README.md"]
        ),
        .testTarget(
            name: "NetworkLayerIntegrationsTests",
            dependencies: [
                .product(name: "NetworkLayer", package: "NetworkLayer"),
                .product(name: "NetworkLayerAsyncHTTPClient", package: "NetworkLayer"),
                .product(name: "NetworkLayerLogging", package: "NetworkLayer"),
                .product(name: "NetworkLayerMetrics", package: "NetworkLayer"),
                .product(name: "NetworkLayerTracing", package: "NetworkLayer"),
                .product(name: "NetworkLayerOpenAPIRuntime", package: "NetworkLayer"),
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "InMemoryLogging", package: "swift-log"),
                .product(name: "MetricsTestKit", package: "swift-metrics"),
                .product(name: "Tracing", package: "swift-distributed-tracing"),
                .product(name: "InMemoryTracing", package: "swift-distributed-tracing"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .target(name: "CCompressionEncoders", condition: .when(platforms: [.linux])),
                "IntegrationSupport",
            ]
        ),
        // The system's Brotli and Zstandard encoders, for the tests of the transport's decoders (on Linux, where
        // the transport has them).
        .systemLibrary(name: "CCompressionEncoders", path: "Tests/CCompressionEncoders"),
        // The tests' lock: the core's `Locked` is `package` to the root package, which this one is not.
        .target(name: "IntegrationSupport", path: "Tests/Shared/IntegrationSupport"),
        // The root package's httpbin and fault suites, built again over AsyncHTTPClientTransport: the shared test support
        // (`LoopbackPeer.makeTransport()`) picks the transport by this condition.
        .target(
            name: "TestSupport",
            dependencies: [
                .product(name: "NetworkLayer", package: "NetworkLayer"),
                .product(name: "NetworkLayerAsyncHTTPClient", package: "NetworkLayer"),
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
