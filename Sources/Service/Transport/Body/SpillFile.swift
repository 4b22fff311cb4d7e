import Foundation

/// Where a ``BodyChannel`` keeps the bytes past its window: a ``SpillFile``, or in tests one that
/// stands in for a slow disk.
protocol SpillStorage: AnyObject, Sendable {
    /// Appends `chunk` after everything written so far; one call at a time.
    func append(_ chunk: Data) throws
    /// The next bytes not read yet, at most `count`; one call at a time, while `append` may run.
    func read(upTo count: Int) throws -> Data
    /// Empties the file once everything written has been read, so that it only ever holds one backlog;
    /// while neither `append` nor `read` runs.
    func reset() throws
}

/// Where the chunks of a body wait on disk while its consumer lags behind a transport that cannot pause.
///
/// The file is removed from its directory as soon as it is open, so nothing is left behind however the
/// stream ends, even when the process does not; its space goes back to the system when the channel lets
/// go of it. Chunks are appended at one end, through a handle of their own, and read back in order from
/// the other.
final class SpillFile: SpillStorage {
    /// The most bytes read back at once, as one chunk for the consumer.
    static let readSize = 64 * 1024

    private let writer: FileHandle
    private let reader: FileHandle

    init() throws {
        let url = TemporaryFile.directory.appendingPathComponent("NetworkLayer-\(UUID().uuidString).spill")
        guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path])
        }
        defer { try? FileManager.default.removeItem(at: url) }
        writer = try FileHandle(forWritingTo: url)
        reader = try FileHandle(forReadingFrom: url)
    }

    deinit {
        try? writer.close()
        try? reader.close()
    }

    /// Appends `chunk` after everything written so far.
    func append(_ chunk: Data) throws {
        try writer.write(contentsOf: chunk)
    }

    /// The next bytes not read yet, at most `count`.
    func read(upTo count: Int) throws -> Data {
        try reader.read(upToCount: count) ?? Data()
    }

    func reset() throws {
        try writer.truncate(atOffset: 0)
        try reader.seek(toOffset: 0)
    }
}

/// Why the part of a body kept on disk could not be kept or read back.
enum SpillFileError: Error, CustomStringConvertible {
    /// More than this many bytes would have waited on disk.
    case overLimit(Int)
    case unwritable(any Error)
    case unreadable(any Error)
    case missing
    case shorter(missing: Int)

    var description: String {
        switch self {
        case .overLimit(let limit): "more than \(limit) bytes of the body waited on disk for its reader"
        case .unwritable(let error): "the body's backlog could not be written to disk: \(error)"
        case .unreadable(let error): "the body's backlog could not be read back from disk: \(error)"
        case .missing: "the body's backlog file is gone"
        case .shorter(let missing): "the body's backlog file lacks \(missing) bytes"
        }
    }

    /// The failure as the consumer sees it: a backlog over its limit as a response too large, since the
    /// library refused to keep more of it; any other as a transport failure that says what happened to
    /// the file.
    var consumerError: any Error {
        switch self {
        case .overLimit:
            NetworkError(.responseTooLarge, detail: description)
        case .unwritable, .unreadable, .missing, .shorter:
            NetworkError(.transportFailure, detail: description)
        }
    }
}
