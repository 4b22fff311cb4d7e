import Foundation

/// Where the HAR integration suites leave a copy of the files they recorded, for scripts/check_har.sh to load in
/// haralyzer: the directory `NETWORKLAYER_HAR_OUTPUT_DIR` names (scripts/test.sh sets it), or nowhere.
enum HAROutput {
    /// Copies `file` into the output directory as `name`, replacing what is there; does nothing without one.
    static func keep(_ file: URL, as name: String) throws {
        guard let directory = ProcessInfo.processInfo.environment["NETWORKLAYER_HAR_OUTPUT_DIR"], !directory.isEmpty
        else { return }
        let folder = URL(fileURLWithPath: directory, isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let copy = folder.appendingPathComponent(name)
        try? FileManager.default.removeItem(at: copy)
        try FileManager.default.copyItem(at: file, to: copy)
    }
}
