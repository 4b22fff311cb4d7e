// swift-tools-version:6.2
import PackageDescription

let package = Package(
    name: "LiveEvents",
    platforms: [.iOS(.v13), .macOS(.v10_15), .tvOS(.v13), .watchOS(.v6)],
    products: [
        .library(name: "LiveEvents", targets: ["LiveEvents"]),
        .executable(name: "events", targets: ["events"]),
    ],
    dependencies: [
        .package(name: "NetworkLayer", path: "../..")
    ],
    targets: [
        .target(name: "LiveEvents", dependencies: [.product(name: "NetworkLayer", package: "NetworkLayer")]),
        .executableTarget(
            name: "events",
            dependencies: ["LiveEvents", .product(name: "NetworkLayer", package: "NetworkLayer")]
        ),
        .testTarget(
            name: "LiveEventsTests",
            dependencies: ["LiveEvents", .product(name: "NetworkLayer", package: "NetworkLayer")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
