// swift-tools-version:6.2
import PackageDescription

let package = Package(
    name: "MovieDB",
    platforms: [.iOS(.v13), .macOS(.v10_15), .tvOS(.v13), .watchOS(.v6)],
    products: [
        .library(name: "TMDB", targets: ["TMDB"]),
        .executable(name: "moviedb", targets: ["moviedb"]),
    ],
    dependencies: [
        .package(name: "NetworkLayer", path: "../.."),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        .target(
            name: "TMDB",
            dependencies: [.product(name: "NetworkLayer", package: "NetworkLayer")],
            resources: [.copy("SampleData")]
        ),
        .executableTarget(
            name: "moviedb",
            dependencies: [
                "TMDB",
                .product(name: "NetworkLayer", package: "NetworkLayer"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(
            name: "TMDBTests",
            dependencies: ["TMDB", "moviedb", .product(name: "NetworkLayer", package: "NetworkLayer")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
