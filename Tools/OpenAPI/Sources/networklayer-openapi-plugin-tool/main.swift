// The plugins' tool: `generate <document> --output <dir> [--file-name NAME] [--config FILE]`, the arguments the
// build-tool and command plugins pass, without swift-argument-parser, so that a cold build of an app that uses
// the plugin compiles less. `networklayer-openapi` is the command line for people.
import Foundation
import NetworkLayerOpenAPI

/// Prints `message` alone on standard error and exits with status 1.
func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("error: \(message)\n".utf8))
    exit(1)
}

var arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.first == "generate", arguments.count >= 2 else {
    fail("usage: generate <document> --output <dir> [--file-name NAME] [--config FILE]")
}
let document = arguments[1]
var values: [String: String] = [:]
var index = 2
while index < arguments.count {
    let name = arguments[index]
    guard ["--output", "--file-name", "--config"].contains(name), index + 1 < arguments.count else {
        fail("unexpected argument \(name)")
    }
    values[name] = arguments[index + 1]
    index += 2
}
guard let output = values["--output"] else { fail("--output is required") }
do {
    try GenerationRun.run(
        document: document, output: output, options: GeneratorOptions(), config: values["--config"],
        fileName: values["--file-name"])
} catch {
    fail(error.description)
}
