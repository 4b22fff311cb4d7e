import ArgumentParser
import Foundation
import NetworkLayerOpenAPI

/// `networklayer-openapi generate <document> --output <dir>`: an OpenAPI document to an `EndPointType` enum.
@main
struct NetworkLayerOpenAPICommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "networklayer-openapi",
        abstract: "Generates NetworkLayer endpoint enums from OpenAPI documents.",
        subcommands: [Generate.self],
        defaultSubcommand: Generate.self
    )
}

/// Reads one document and writes `<Name>.swift` and `<Name>+Models.swift`.
struct Generate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Writes the endpoint enum and the models of one OpenAPI 3.0 or 3.1 document (YAML or JSON).")

    @Argument(help: "The OpenAPI document.")
    var document: String

    @Option(name: .shortAndLong, help: "The folder to write the files into.")
    var output: String

    @Option(help: "The enum's name (default: the document's title followed by API).")
    var name: String?

    @Option(help: "The server that becomes baseURL: an index into servers, or a URL (default: the first).")
    var server: String?

    @Option(name: .customLong("tag"), help: "Keep only operations with this tag (repeatable).")
    var tags: [String] = []

    @Option(name: .customLong("path"), help: "Keep only operations under this path, as written (repeatable).")
    var paths: [String] = []

    @Option(name: .customLong("operation-id"), help: "Keep only the operation with this id (repeatable).")
    var operationIDs: [String] = []

    @Option(help: "The access level of the generated declarations: internal, public or package.")
    var access: String = "internal"

    @Flag(help: "One enum per tag, named after it, instead of one for the document.")
    var enumPerTag = false

    @Option(help: "A networklayer-openapi.yaml config (name, server, access, tags, paths, operationIds, enumPerTag).")
    var config: String?

    @Option(help: "Name the files <value>.swift and <value>+Models.swift instead of after the enum.")
    var fileName: String?

    func run() throws {
        guard ["internal", "public", "package"].contains(access) else {
            throw ValidationError("--access must be internal, public or package")
        }
        let options = GeneratorOptions(
            name: name, server: server, tags: tags, paths: paths, operationIDs: operationIDs, accessModifier: access,
            enumPerTag: enumPerTag)
        do {
            try GenerationRun.run(
                document: document, output: output, options: options, config: config, fileName: fileName)
        } catch {
            throw failure(error.description)
        }
    }

    /// Prints `message` alone on standard error and exits with status 1.
    private func failure(_ message: String) -> ExitCode {
        FileHandle.standardError.write(Data("error: \(message)\n".utf8))
        return .failure
    }
}
