// swift-tools-version:6.2
import PackageDescription

let package = Package(
    name: "Ticker",
    platforms: [.iOS(.v13), .macOS(.v10_15), .tvOS(.v13), .watchOS(.v6)],
    products: [
        .library(name: "Ticker", targets: ["Ticker"]),
        .executable(name: "ticker", targets: ["ticker"]),
    ],
    dependencies: [
        .package(name: "NetworkLayer", path: "../..")
    ],
    targets: [
        .target(name: "Ticker", dependencies: [.product(name: "NetworkLayer", package: "NetworkLayer")]),
        .executableTarget(
            name: "ticker",
            dependencies: ["Ticker", .product(name: "NetworkLayer", package: "NetworkLayer")]
        ),
        .testTarget(
            name: "TickerTests",
            dependencies: ["Ticker", .product(name: "NetworkLayer", package: "NetworkLayer")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
