import Foundation

/// One `generate` run as the command line and the plugins' tool make it: read the document (and config), generate,
/// and write the two files, each only when its contents change so that a build does not recompile it.
public enum GenerationRun {
    /// Generates from the document at `document` into `output`, naming the files after `fileName` (the enum's
    /// name when `nil`); `config`, when given, fills in what `options` leaves at its defaults. Throws one line
    /// saying what went wrong and where.
    public static func run(
        document: String, output: String, options: GeneratorOptions, config: String?, fileName: String?
    ) throws(GenerationFailure) {
        let url = URL(fileURLWithPath: document)
        guard let data = try? Data(contentsOf: url) else { throw GenerationFailure("cannot read \(document)") }
        var options = options
        if let config {
            guard let configData = try? Data(contentsOf: URL(fileURLWithPath: config)) else {
                throw GenerationFailure("cannot read \(config)")
            }
            do {
                options = try GeneratorConfiguration.load(configData).applied(to: options)
            } catch {
                throw GenerationFailure("\(config): \(error)")
            }
        }
        let files: GeneratedFiles
        do {
            files = try Generator.generate(data, sourceName: url.lastPathComponent, options: options)
        } catch {
            throw GenerationFailure("\(document): \(error)")
        }
        let folder = URL(fileURLWithPath: output, isDirectory: true)
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let base = fileName ?? files.typeName
            try writeIfChanged(files.endpoints, to: folder.appendingPathComponent("\(base).swift"))
            try writeIfChanged(files.models, to: folder.appendingPathComponent("\(base)+Models.swift"))
        } catch {
            throw GenerationFailure("cannot write into \(output): \(error.localizedDescription)")
        }
    }

    /// Leaves a file with the same contents untouched.
    private static func writeIfChanged(_ contents: String, to url: URL) throws {
        let data = Data(contents.utf8)
        if (try? Data(contentsOf: url)) == data { return }
        try data.write(to: url, options: .atomic)
    }
}

/// Why a ``GenerationRun`` failed, in one line.
public struct GenerationFailure: Error, CustomStringConvertible {
    /// What went wrong and where.
    public let description: String

    init(_ description: String) {
        self.description = description
    }
}
