// swift-tools-version:6.2
import PackageDescription

// The `Live` trait (`swift run --traits Live ticker URL`) opens the live feed over AsyncHTTPClientTransport, which
// Linux needs; without it the package depends on the core alone and SwiftPM fetches nothing else.
let package = Package(
    name: "Ticker",
    platforms: [.iOS(.v13), .macOS(.v10_15), .tvOS(.v13), .watchOS(.v6)],
    products: [
        .library(name: "Ticker", targets: ["Ticker"]),
        .executable(name: "ticker", targets: ["ticker"]),
    ],
    traits: [
        .trait(name: "Live", description: "ticker URL follows a live feed over AsyncHTTPClientTransport (SwiftNIO)")
    ],
    dependencies: [
        .package(
            name: "NetworkLayer", path: "../..",
            traits: [.trait(name: "AsyncHTTPClient", condition: .when(traits: ["Live"]))])
    ],
    targets: [
        .target(name: "Ticker", dependencies: [.product(name: "NetworkLayer", package: "NetworkLayer")]),
        .executableTarget(
            name: "ticker",
            dependencies: [
                "Ticker", .product(name: "NetworkLayer", package: "NetworkLayer"),
                .product(
                    name: "NetworkLayerAsyncHTTPClient", package: "NetworkLayer", condition: .when(traits: ["Live"])),
            ]
        ),
        .testTarget(
            name: "TickerTests",
            dependencies: ["Ticker", .product(name: "NetworkLayer", package: "NetworkLayer")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
