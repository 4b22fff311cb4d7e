import Foundation

/// A temporary file of NetworkLayer's own, written chunk by chunk: a download in progress, or a
/// streamed upload body.
///
/// Foundation's download tasks are not used: on Linux they leave `<UUID>.tmp` files behind in the
/// temporary directory, even after a successful move and after a cancel. This file is always
/// either moved to its destination or removed; if the process is killed first, it stays in the process's
/// own directory (``ProcessTemporaryDirectory``) until the next process that writes one sweeps it.
final class TemporaryFile: Sendable {
    /// How many bytes are gathered before they go to disk: one write per 64 KB, not one per chunk, so
    /// the delegate keeps pace with the socket. The buffer never grows past this size.
    static let bufferSize = 64 * 1024

    let url: URL
    private let handle: FileHandle
    private let pending = Locked(Data())

    /// Creates an empty temporary file whose name ends in `.suffix`.
    init(suffix: String = "download") throws {
        url = Self.directory.appendingPathComponent("NetworkLayer-\(UUID().uuidString).\(suffix)")
        guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path])
        }
        handle = try FileHandle(forWritingTo: url)
    }

    /// Where temporary files go: the process's own directory, or the system's when it could not be made.
    static var directory: URL {
        ProcessTemporaryDirectory.current?.url ?? FileManager.default.temporaryDirectory
    }

    /// Appends `data`.
    func write(_ data: Data) throws {
        try pending.withLock { pending in
            if pending.count + data.count > Self.bufferSize { try flush(&pending) }
            guard data.count < Self.bufferSize else { return try write(contentsOf: data) }
            if pending.isEmpty { pending.reserveCapacity(Self.bufferSize) }
            pending.append(data)
        }
    }

    /// Writes what is gathered and closes the file; on failure the file is removed.
    func close() throws {
        do {
            try pending.withLock { try flush(&$0) }
        } catch {
            discard()
            throw error
        }
        try? handle.close()
    }

    /// Writes what is gathered, closes the file and moves it to `destination`, replacing any file there.
    func move(to destination: URL) throws {
        try close()
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
        pending.withLock { $0 = Data() }
        try? handle.close()
        try? FileManager.default.removeItem(at: url)
    }

    private func flush(_ pending: inout Data) throws {
        guard !pending.isEmpty else { return }
        try write(contentsOf: pending)
        pending.removeAll(keepingCapacity: true)
    }

    private func write(contentsOf data: Data) throws {
        if #available(macOS 10.15.4, iOS 13.4, tvOS 13.4, watchOS 6.2, *) {
            try handle.write(contentsOf: data)
        } else {
            handle.write(data)
        }
    }
}
