// swift-tools-version:6.2
import PackageDescription

// Issue 41, point 3: the requests NetworkLayer builds from the generated enum against the requests
// swift-openapi-generator's Client hands to its transport, for petstore.yaml. scripts/compare-reference.sh
// copies this folder to .build/comparison, adds the document to Theirs and generates Ours there; it is not
// built in place.
let package = Package(
    name: "Comparison",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(url: "https://github.com/apple/swift-openapi-generator", exact: "1.14.3"),
        .package(url: "https://github.com/apple/swift-openapi-runtime", exact: "1.13.4"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.0.0"),
        .package(name: "NetworkLayer", path: "../../../.."),
    ],
    targets: [
        .target(
            name: "Theirs",
            dependencies: [.product(name: "OpenAPIRuntime", package: "swift-openapi-runtime")],
            plugins: [.plugin(name: "OpenAPIGenerator", package: "swift-openapi-generator")]
        ),
        .target(name: "Ours", dependencies: [.product(name: "NetworkLayer", package: "NetworkLayer")]),
        .executableTarget(
            name: "compare",
            dependencies: [
                "Theirs", "Ours",
                .product(name: "NetworkLayer", package: "NetworkLayer"),
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
