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
    private let state = Locked(State())
    /// Writes bytes to the file; a seam for tests that stand in a slow disk.
    private let writeToDisk: @Sendable (FileHandle, Data) throws -> Void

    /// What the lock guards. The disk is written outside it: `writing` lets one write run at a time and
    /// keeps the file open under it, so that ``discard()`` never waits for the disk.
    private struct State {
        /// The bytes gathered for the next write.
        var pending = Data()
        var writing = false
        var discarded = false
    }

    /// Creates an empty temporary file whose name ends in `.suffix`.
    init(
        suffix: String = "download",
        writeToDisk: @escaping @Sendable (FileHandle, Data) throws -> Void = TemporaryFile.write
    ) throws {
        url = Self.directory.appendingPathComponent("NetworkLayer-\(UUID().uuidString).\(suffix)")
        guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path])
        }
        handle = try FileHandle(forWritingTo: url)
        self.writeToDisk = writeToDisk
    }

    /// Where temporary files go: the process's own directory, or the system's when it could not be made.
    static var directory: URL {
        ProcessTemporaryDirectory.current?.url ?? FileManager.default.temporaryDirectory
    }

    /// Appends `data`; one call at a time. Throws once the file was discarded.
    func write(_ data: Data) throws {
        let batch = try state.withLock { state -> [Data] in
            guard !state.discarded else { throw discardedError }
            var batch: [Data] = []
            if state.pending.count + data.count > Self.bufferSize, !state.pending.isEmpty {
                batch.append(state.pending)
                state.pending = Data()
            }
            if data.count >= Self.bufferSize {
                batch.append(data)
            } else {
                if state.pending.isEmpty { state.pending.reserveCapacity(Self.bufferSize) }
                state.pending.append(data)
            }
            state.writing = !batch.isEmpty
            return batch
        }
        if !batch.isEmpty { try writeOutsideLock(batch) }
    }

    /// Writes what is gathered and closes the file; on failure the file is removed.
    func close() throws {
        do {
            let rest = try state.withLock { state -> Data in
                guard !state.discarded else { throw discardedError }
                defer { state.pending = Data() }
                state.writing = !state.pending.isEmpty
                return state.pending
            }
            if !rest.isEmpty { try writeOutsideLock([rest]) }
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

    /// Closes and removes the file; a write under way does so once it ends.
    func discard() {
        let idle = state.withLock { state -> Bool in
            (state.discarded, state.pending) = (true, Data())
            return !state.writing
        }
        if idle { closeAndRemove() }
    }

    /// Writes `batch` with the lock free, then closes and removes the file if it was discarded meanwhile.
    private func writeOutsideLock(_ batch: [Data]) throws {
        let written = Result { for data in batch { try writeToDisk(handle, data) } }
        let discarded = state.withLock { state -> Bool in
            state.writing = false
            return state.discarded
        }
        if discarded { closeAndRemove() }
        try written.get()
    }

    private func closeAndRemove() {
        try? handle.close()
        try? FileManager.default.removeItem(at: url)
    }

    private var discardedError: CocoaError {
        CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path])
    }

    private static func write(_ handle: FileHandle, _ data: Data) throws {
        if #available(macOS 10.15.4, iOS 13.4, tvOS 13.4, watchOS 6.2, *) {
            try handle.write(contentsOf: data)
        } else {
            handle.write(data)
        }
    }
}
