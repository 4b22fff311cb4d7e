// swift-tools-version:6.2
import PackageDescription

// The OpenAPI generator: a package of its own, so the library keeps no dependencies. It turns an OpenAPI
// 3.0 or 3.1 document into an `EndPointType` enum and Codable models (see README.md).
let package = Package(
    name: "NetworkLayerOpenAPI",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "NetworkLayerOpenAPI", targets: ["NetworkLayerOpenAPI"]),
        .executable(name: "networklayer-openapi", targets: ["networklayer-openapi"]),
        .plugin(name: "NetworkLayerOpenAPIPlugin", targets: ["NetworkLayerOpenAPIPlugin"]),
        .plugin(name: "GenerateEndpointsCommand", targets: ["GenerateEndpointsCommand"]),
    ],
    dependencies: [
        .package(url: "https://github.com/mattpolzin/OpenAPIKit", exact: "6.4.0", traits: []),
        .package(url: "https://github.com/jpsim/Yams", exact: "6.2.2"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // Only the example target below compiles generated code against the library.
        .package(name: "NetworkLayer", path: "../.."),
    ],
    targets: [
        .target(
            name: "NetworkLayerOpenAPI",
            dependencies: [
                .product(name: "OpenAPIKit", package: "OpenAPIKit"),
                .product(name: "OpenAPIKit30", package: "OpenAPIKit"),
                .product(name: "OpenAPIKitCompat", package: "OpenAPIKit"),
                .product(name: "Yams", package: "Yams"),
            ]
        ),
        .executableTarget(
            name: "networklayer-openapi",
            dependencies: [
                "NetworkLayerOpenAPI",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // What the plugins run: the same generator without swift-argument-parser, so that a cold build of an app
        // using the plugin compiles less (README.md, "Build cost").
        .executableTarget(name: "networklayer-openapi-plugin-tool", dependencies: ["NetworkLayerOpenAPI"]),
        .plugin(
            name: "NetworkLayerOpenAPIPlugin",
            capability: .buildTool(),
            dependencies: ["networklayer-openapi-plugin-tool"]
        ),
        .plugin(
            name: "GenerateEndpointsCommand",
            capability: .command(
                intent: .custom(verb: "generate-endpoints", description: "Writes the endpoint enum and models once"),
                permissions: [.writeToPackageDirectory(reason: "Writes the generated Swift files into the target")]
            ),
            dependencies: ["networklayer-openapi-plugin-tool"]
        ),
        .executableTarget(
            name: "PetstoreLite",
            dependencies: [.product(name: "NetworkLayer", package: "NetworkLayer")],
            path: "Examples/PetstoreLite",
            exclude: ["openapi.yaml", "networklayer-openapi.yaml"],
            plugins: ["NetworkLayerOpenAPIPlugin"]
        ),
        .testTarget(
            name: "NetworkLayerOpenAPITests",
            dependencies: ["NetworkLayerOpenAPI"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
