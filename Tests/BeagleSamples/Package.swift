// swift-tools-version:6.2
import PackageDescription

// Compiles the code of Beagle's published iOS pages against BeagleAdapter, in Swift 5 and Swift 6
// language modes, and the bridge a Beagle app adds against a stand-in `Beagle` module; see README.md.

/// Warnings fail the build of every target but the two of the page's `CustomNetworkClient`, whose
/// placeholder body reads three values and does nothing with them; scripts/test.sh fails on any other
/// warning of theirs.
let strict: [SwiftSetting] = [.unsafeFlags(["-warnings-as-errors"])]
let adapter: Target.Dependency = .product(name: "BeagleAdapter", package: "NetworkLayer")

let package = Package(
    name: "BeagleSamples",
    platforms: [.iOS(.v13), .macOS(.v10_15), .tvOS(.v13), .watchOS(.v6)],
    dependencies: [.package(name: "NetworkLayer", path: "../..")],
    targets: [
        // The network-layer page's `NetworkClientDefault` and `HttpRequestBuilder`, verbatim.
        .target(
            name: "NetworkLayerPage",
            dependencies: [adapter],
            swiftSettings: strict + [.swiftLanguageMode(.v5)]
        ),
        .target(
            name: "NetworkLayerPageSwift6",
            dependencies: [adapter],
            swiftSettings: strict + [.swiftLanguageMode(.v6)]
        ),
        // The page's `CustomNetworkClient` and dependency assignment.
        .executableTarget(
            name: "CustomClientPage",
            dependencies: [adapter],
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),
        .executableTarget(
            name: "CustomClientPageSwift6",
            dependencies: [adapter],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        // The view-client page's `ViewClientProtocol` signatures, conformed to as published.
        .target(
            name: "ViewClientPage",
            dependencies: [adapter],
            swiftSettings: strict + [.swiftLanguageMode(.v5)]
        ),
        .target(
            name: "ViewClientPageSwift6",
            dependencies: [adapter],
            swiftSettings: strict + [.swiftLanguageMode(.v6)]
        ),
        // A stand-in for Beagle's network contract, declared from its docs, as Beagle itself compiles.
        .target(name: "Beagle", swiftSettings: strict + [.swiftLanguageMode(.v5)]),
        // The bridge file of the BeagleAdapter docs, against the stand-in.
        .target(
            name: "BeagleBridge",
            dependencies: ["Beagle", adapter],
            swiftSettings: strict + [.swiftLanguageMode(.v5)]
        ),
        .target(
            name: "BeagleBridgeSwift6",
            dependencies: ["Beagle", adapter],
            swiftSettings: strict + [.swiftLanguageMode(.v6)]
        ),
        // The bridge at work: Beagle's calls reach the adapter, and its results come back as Beagle's.
        // Swift 5 mode, as a Beagle app's: Beagle's results are not `Sendable`.
        .testTarget(
            name: "BeagleBridgeTests",
            dependencies: [
                "Beagle", "BeagleBridge", adapter, .product(name: "NetworkLayer", package: "NetworkLayer"),
            ],
            swiftSettings: strict + [.swiftLanguageMode(.v5)]
        ),
    ]
)
