// swift-tools-version:6.2
import PackageDescription

// The core, `NetworkLayer`, depends on nothing. The integrations are products of this package too, so that an app
// adds them from the same URL; each sits behind a trait, off by default, and SwiftPM fetches a dependency only for
// an app that turns on a trait needing it. With its trait off, an integration's module compiles to nothing but a
// stand-in for its main type, whose use fails with the trait to turn on.

/// A dependency of an integration, built only when the integration's trait is on.
func product(_ name: String, _ package: String, trait: String) -> Target.Dependency {
    .product(name: name, package: package, condition: .when(traits: [trait]))
}

let package = Package(
    name: "NetworkLayer",
    platforms: [.iOS(.v13), .macOS(.v10_15), .tvOS(.v13), .watchOS(.v6)],
    products: [
        .library(name: "NetworkLayer", targets: ["NetworkLayer"]),
        .library(name: "BeagleAdapter", targets: ["BeagleAdapter"]),
        .library(name: "NetworkLayerAsyncHTTPClient", targets: ["NetworkLayerAsyncHTTPClient"]),
        .library(name: "NetworkLayerLogging", targets: ["NetworkLayerLogging"]),
        .library(name: "NetworkLayerMetrics", targets: ["NetworkLayerMetrics"]),
        .library(name: "NetworkLayerTracing", targets: ["NetworkLayerTracing"]),
        .library(name: "NetworkLayerOpenAPIRuntime", targets: ["NetworkLayerOpenAPIRuntime"]),
    ],
    traits: [
        .trait(name: "AsyncHTTPClient", description: "NetworkLayerAsyncHTTPClient: AsyncHTTPClientTransport"),
        .trait(name: "Logging", description: "NetworkLayerLogging: LogSink.swiftLog(_:), to swift-log"),
        .trait(name: "Metrics", description: "NetworkLayerMetrics: MetricsPlugin, through swift-metrics"),
        .trait(name: "Tracing", description: "NetworkLayerTracing: TracingPlugin, through swift-distributed-tracing"),
        .trait(
            name: "OpenAPIRuntime",
            description: "NetworkLayerOpenAPIRuntime: RouterClientTransport, a swift-openapi-runtime ClientTransport"
        ),
        .default(enabledTraits: []),
    ],
    dependencies: [
        .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.100.0"),
        .package(url: "https://github.com/apple/swift-nio-ssl.git", from: "2.30.0"),
        .package(url: "https://github.com/apple/swift-nio-extras.git", from: "1.26.0"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.0"),
        .package(url: "https://github.com/apple/swift-metrics.git", from: "2.5.0"),
        .package(url: "https://github.com/apple/swift-distributed-tracing.git", from: "1.1.0"),
        .package(url: "https://github.com/apple/swift-openapi-runtime.git", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.0.0"),
    ],
    targets: [
        .target(
            name: "NetworkLayer",
            dependencies: ["CZlib"],
            path: "Sources",
            exclude: ["BeagleAdapter", "NetworkLayer.docc", "Encoding/Compression/CZlib"],
            sources: ["EndPoint", "Encoding", "Service", "Manager", "Model"]
        ),
        // The system's zlib, for request compression: a module map, not a package; nothing is fetched.
        .systemLibrary(
            name: "CZlib",
            path: "Sources/Encoding/Compression/CZlib",
            providers: [.apt(["zlib1g-dev"]), .yum(["zlib-devel"]), .brew(["zlib"])]
        ),
        .target(name: "BeagleAdapter", dependencies: ["NetworkLayer"], path: "Sources/BeagleAdapter"),
        .target(
            name: "NetworkLayerAsyncHTTPClient",
            dependencies: [
                "NetworkLayer",
                product("AsyncHTTPClient", "async-http-client", trait: "AsyncHTTPClient"),
                product("NIOCore", "swift-nio", trait: "AsyncHTTPClient"),
                product("NIOPosix", "swift-nio", trait: "AsyncHTTPClient"),
                product("NIOHTTP1", "swift-nio", trait: "AsyncHTTPClient"),
                product("NIOFoundationCompat", "swift-nio", trait: "AsyncHTTPClient"),
                product("NIOSSL", "swift-nio-ssl", trait: "AsyncHTTPClient"),
                product("NIOHTTPCompression", "swift-nio-extras", trait: "AsyncHTTPClient"),
                product("NIOWebSocket", "swift-nio", trait: "AsyncHTTPClient"),
                .target(name: "CZlib", condition: .when(traits: ["AsyncHTTPClient"])),
                .target(name: "CBrotli", condition: .when(platforms: [.linux], traits: ["AsyncHTTPClient"])),
                .target(name: "CZstd", condition: .when(platforms: [.linux], traits: ["AsyncHTTPClient"])),
            ],
            path: "Integrations/Sources/NetworkLayerAsyncHTTPClient"
        ),
        // The system's Brotli decoder and Zstandard library, with which the AsyncHTTPClient transport decodes `br`
        // and `zstd` bodies: module maps, not packages; nothing is fetched. On Linux only, where the distribution
        // has them (libbrotli-dev, libzstd-dev); elsewhere the transport decodes gzip and deflate only.
        .systemLibrary(
            name: "CBrotli",
            path: "Integrations/Sources/CBrotli",
            providers: [.apt(["libbrotli-dev"]), .yum(["brotli-devel"])]
        ),
        .systemLibrary(
            name: "CZstd",
            path: "Integrations/Sources/CZstd",
            providers: [.apt(["libzstd-dev"]), .yum(["libzstd-devel"])]
        ),
        .target(
            name: "NetworkLayerLogging",
            dependencies: ["NetworkLayer", product("Logging", "swift-log", trait: "Logging")],
            path: "Integrations/Sources/NetworkLayerLogging"
        ),
        .target(
            name: "NetworkLayerMetrics",
            dependencies: ["NetworkLayer", product("CoreMetrics", "swift-metrics", trait: "Metrics")],
            path: "Integrations/Sources/NetworkLayerMetrics"
        ),
        .target(
            name: "NetworkLayerTracing",
            dependencies: [
                "NetworkLayer",
                product("Tracing", "swift-distributed-tracing", trait: "Tracing"),
                product("Instrumentation", "swift-distributed-tracing", trait: "Tracing"),
            ],
            path: "Integrations/Sources/NetworkLayerTracing"
        ),
        .target(
            name: "NetworkLayerOpenAPIRuntime",
            dependencies: [
                "NetworkLayer",
                product("OpenAPIRuntime", "swift-openapi-runtime", trait: "OpenAPIRuntime"),
                product("HTTPTypes", "swift-http-types", trait: "OpenAPIRuntime"),
            ],
            path: "Integrations/Sources/NetworkLayerOpenAPIRuntime"
        ),
        .target(name: "TestSupport", dependencies: ["NetworkLayer"], path: "Tests/TestSupport"),
        .testTarget(
            name: "NetworkLayerTests",
            dependencies: ["NetworkLayer", "TestSupport"],
            path: "Tests/NetworkLayerTests",
            exclude: ["Service/Recording/Fixtures"]
        ),
        .testTarget(
            name: "BeagleAdapterTests",
            dependencies: ["BeagleAdapter", "NetworkLayer", "TestSupport"],
            path: "Tests/BeagleAdapterTests"
        ),
    ],
    swiftLanguageModes: [.v6]
)
