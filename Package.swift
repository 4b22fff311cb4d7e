// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "NetworkLayer",
    platforms: [.iOS(.v13), .macOS(.v10_15), .tvOS(.v13), .watchOS(.v6)],
    products: [
        .library(name: "NetworkLayer", targets: ["NetworkLayer"]),
        .library(name: "BeagleAdapter", targets: ["BeagleAdapter"]),
    ],
    targets: [
        .target(
            name: "NetworkLayer",
            path: "Sources",
            exclude: ["BeagleAdapter", "NetworkLayer.docc"],
            sources: ["EndPoint", "Encoding", "Service", "Manager", "Model"]
        ),
        .target(name: "BeagleAdapter", dependencies: ["NetworkLayer"], path: "Sources/BeagleAdapter"),
        .target(name: "TestSupport", dependencies: ["NetworkLayer"], path: "Tests/TestSupport"),
        .testTarget(
            name: "NetworkLayerTests",
            dependencies: ["NetworkLayer", "TestSupport"],
            path: "Tests/NetworkLayerTests"
        ),
        .testTarget(
            name: "BeagleAdapterTests",
            dependencies: ["BeagleAdapter", "NetworkLayer", "TestSupport"],
            path: "Tests/BeagleAdapterTests"
        ),
    ],
    swiftLanguageModes: [.v6]
)
