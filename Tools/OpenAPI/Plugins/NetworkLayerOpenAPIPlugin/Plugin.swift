import Foundation
import PackagePlugin

/// Generates a target's endpoint enum and models at build time from the `openapi.yaml` (or `.yml`, `.json`)
/// in its sources folder, with the optional `networklayer-openapi.yaml` config beside it.
///
/// The document and config are read from the folder, so exclude them from the target in `Package.swift`
/// (`exclude: ["openapi.yaml", "networklayer-openapi.yaml"]`) to keep SwiftPM from calling them unhandled.
@main
struct NetworkLayerOpenAPIPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let folder = target.directoryURL
        guard let document = DocumentFinder.document(in: folder) else {
            Diagnostics.warning("\(target.name): no openapi.yaml, openapi.yml or openapi.json; nothing generated")
            return []
        }
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("GeneratedSources")
        var arguments = ["generate", document.path, "--output", output.path, "--file-name", "OpenAPI"]
        var inputs = [document]
        if let config = DocumentFinder.config(in: folder) {
            arguments += ["--config", config.path]
            inputs.append(config)
        }
        return [
            .buildCommand(
                displayName: "Generating endpoints of \(target.name) from \(document.lastPathComponent)",
                executable: try context.tool(named: "networklayer-openapi-plugin-tool").url,
                arguments: arguments,
                inputFiles: inputs,
                outputFiles: [
                    output.appendingPathComponent("OpenAPI.swift"),
                    output.appendingPathComponent("OpenAPI+Models.swift"),
                ])
        ]
    }
}

/// Where a target keeps its document and config.
enum DocumentFinder {
    static func document(in folder: URL) -> URL? {
        ["openapi.yaml", "openapi.yml", "openapi.json"].map { folder.appendingPathComponent($0) }
            .first { FileManager.default.fileExists(atPath: $0.path) }
    }

    static func config(in folder: URL) -> URL? {
        let config = folder.appendingPathComponent("networklayer-openapi.yaml")
        return FileManager.default.fileExists(atPath: config.path) ? config : nil
    }
}
