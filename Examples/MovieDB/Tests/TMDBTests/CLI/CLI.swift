import Foundation
import Testing

/// Runs the built `moviedb` binary as a subprocess.
enum CLI {
    struct Run {
        let status: Int32
        let output: String
        let errors: String

        /// Standard error's lines, without the sample-data notice.
        var errorLines: [String] {
            errors.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("Showing built-in sample data") }
        }
    }

    /// The `moviedb` executable built next to this test bundle, or `$MOVIEDB_BINARY`.
    static func binary() throws -> URL {
        var candidates: [URL] = []
        if let path = ProcessInfo.processInfo.environment["MOVIEDB_BINARY"] {
            candidates.append(URL(fileURLWithPath: path))
        }
        let bundles = [Bundle.main] + Bundle.allBundles.filter { $0.bundlePath.hasSuffix(".xctest") }
        for bundle in bundles {
            candidates.append(bundle.bundleURL.appendingPathComponent("moviedb"))
            candidates.append(bundle.bundleURL.deletingLastPathComponent().appendingPathComponent("moviedb"))
        }
        if let first = CommandLine.arguments.first {
            candidates.append(URL(fileURLWithPath: first).deletingLastPathComponent().appendingPathComponent("moviedb"))
        }
        let found = candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
        return try #require(found, "the moviedb binary was not found next to the tests; build it with swift build")
    }

    /// Runs `moviedb arguments` with only `credentials` (and PATH, HOME, no_proxy, and `XDG_CACHE_HOME` in a
    /// folder of the run's own) in its environment.
    static func run(_ arguments: [String], credentials: [String: String]) async throws -> Run {
        let process = Process()
        process.executableURL = try binary()
        process.arguments = arguments
        var environment = credentials
        let inherited = ProcessInfo.processInfo.environment
        for name in ["PATH", "HOME", "LANG", "LC_ALL"] { environment[name] = inherited[name] }
        environment["no_proxy"] = "127.0.0.1,localhost"
        environment["NO_PROXY"] = "127.0.0.1,localhost"

        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "moviedb-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        // A cache of this run's own unless the arguments name one, so runs never answer each other.
        environment["XDG_CACHE_HOME"] = directory.path
        process.environment = environment
        let outputURL = directory.appendingPathComponent("stdout")
        let errorURL = directory.appendingPathComponent("stderr")
        try Data().write(to: outputURL)
        try Data().write(to: errorURL)
        let output = try FileHandle(forWritingTo: outputURL)
        let errors = try FileHandle(forWritingTo: errorURL)
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice

        let status: Int32 = try await withCheckedThrowingContinuation { continuation in
            process.terminationHandler = { finished in continuation.resume(returning: finished.terminationStatus) }
            do {
                try process.run()
            } catch {
                process.terminationHandler = nil
                continuation.resume(throwing: error)
            }
        }
        try output.close()
        try errors.close()
        return Run(
            status: status,
            output: String(decoding: try Data(contentsOf: outputURL), as: UTF8.self),
            errors: String(decoding: try Data(contentsOf: errorURL), as: UTF8.self)
        )
    }
}
