// swift-tools-version:6.2
import PackageDescription

// Issue 41, point 3: the requests NetworkLayer builds from the generated enum against the requests
// swift-openapi-generator's Client hands to its transport, for petstore.yaml. scripts/compare-reference.sh
// copies this folder to .build/comparison, adds the document to Theirs and generates Ours there; it is not
// built in place. `event-streams-latency` (scripts/event-streams-latency.sh) shares its build: issue 41, point 4,
// the first event of event-streams.yaml's stream over NetworkLayer's ClientTransport and over
// swift-openapi-urlsession.
let package = Package(
    name: "Comparison",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(url: "https://github.com/apple/swift-openapi-generator", exact: "1.14.3"),
        .package(url: "https://github.com/apple/swift-openapi-runtime", exact: "1.13.4"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.0.0"),
        .package(url: "https://github.com/apple/swift-openapi-urlsession", exact: "1.4.0"),
        .package(name: "NetworkLayer", path: "../../../..", traits: ["OpenAPIRuntime"]),
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
        .target(
            name: "EventStreams",
            dependencies: [.product(name: "OpenAPIRuntime", package: "swift-openapi-runtime")],
            plugins: [.plugin(name: "OpenAPIGenerator", package: "swift-openapi-generator")]
        ),
        .executableTarget(
            name: "event-streams-latency",
            dependencies: [
                "EventStreams",
                .product(name: "NetworkLayer", package: "NetworkLayer"),
                .product(name: "NetworkLayerOpenAPIRuntime", package: "NetworkLayer"),
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "OpenAPIURLSession", package: "swift-openapi-urlsession"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
