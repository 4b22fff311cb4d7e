import Foundation

/// A download in progress: a temporary file of NetworkLayer's own, written chunk by chunk.
///
/// Foundation's download tasks are not used: on Linux they leave `<UUID>.tmp` files behind in the
/// temporary directory, even after a successful move and after a cancel. This file is always
/// either moved to its destination or removed.
final class DownloadFile: Sendable {
    let url: URL
    private let handle: FileHandle

    /// Creates an empty temporary file.
    init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("NetworkLayer-\(UUID().uuidString).download")
        guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path])
        }
        handle = try FileHandle(forWritingTo: url)
    }

    /// Appends `data`.
    func write(_ data: Data) throws {
        if #available(macOS 10.15.4, iOS 13.4, tvOS 13.4, watchOS 6.2, *) {
            try handle.write(contentsOf: data)
        } else {
            handle.write(data)
        }
    }

    /// Closes the file and moves it to `destination`, replacing any file there.
    func move(to destination: URL) throws {
        try? handle.close()
        let manager = FileManager.default
        if manager.fileExists(atPath: destination.path) {
            try manager.removeItem(at: destination)
        }
        do {
            try manager.moveItem(at: url, to: destination)
        } catch {
            discard()
            throw error
        }
    }

    /// Closes and removes the file.
    func discard() {
        try? handle.close()
        try? FileManager.default.removeItem(at: url)
    }
}
