import Foundation

/// Keeps a recorder's entries and writes them all to its file after each one, replacing the file at once, so
/// that whoever reads it at any moment finds a whole HAR file with every exchange that ended before.
///
/// Rewriting costs time in the number of entries: a recording is a test's handful of exchanges, not a
/// session's thousands. Entries arrive one at a time (an actor), and each write ends before the next starts.
actor HARFileWriter {
    private let file: URL
    private var log = HARLog()

    init(file: URL) {
        self.file = file
    }

    /// Adds `entry` and writes the file; a write that fails leaves the previous file in place and is retried
    /// with the next entry.
    func append(_ entry: HAREntry) {
        log.entries.append(entry)
        guard let data = try? HARArchive(log: log).encoded() else { return }
        try? FileManager.default.createDirectory(
            at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? data.write(to: file, options: .atomic)
    }
}
