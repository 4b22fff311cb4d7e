import Foundation

/// The part of a body that waits on disk, as the lock of its ``BodyChannel`` sees it.
///
/// The file is written and read outside that lock, so that nobody waits for the disk while holding it:
/// the transport reserves room for a chunk (``reserveWrite(_:)``), writes it, and makes it readable
/// (``finishWrite(_:in:)``); the consumer claims bytes that were written whole (``claimRead(upTo:)``),
/// reads them, and takes them (``finishRead(_:_:)``). One write and one read run at a time, each at its
/// own end of the file. Once the consumer has taken every byte, the file is let go of and the next spill
/// starts a new one.
struct SpillBacklog {
    /// Room reserved for one chunk at the end of the backlog.
    struct Write {
        /// The file to append to; `nil` when the writer is to start a new one.
        let file: (any SpillStorage)?
        let generation: Int
        let count: Int
    }

    /// Bytes at the start of the backlog, claimed by the consumer.
    struct Read {
        let file: any SpillStorage
        let generation: Int
        let count: Int
    }

    private var file: (any SpillStorage)?
    /// The bytes on disk, or being written there, that the consumer has not taken yet.
    private(set) var bytes = 0
    private var writing = 0
    private var reading = 0
    /// Counts the files let go of, so that a write or read that ends after its file was let go of counts
    /// for nothing.
    private var generation = 0
    /// The most bytes that may wait on disk; `nil` for no limit.
    var limit: Int?

    var isEmpty: Bool { bytes == 0 }

    /// Room for `count` more bytes, which count as waiting from now on.
    mutating func reserveWrite(_ count: Int) throws(SpillFileError) -> Write {
        if let limit, bytes + count > limit { throw .overLimit(limit) }
        bytes += count
        writing += count
        return Write(file: file, generation: generation, count: count)
    }

    /// Makes the bytes of `write`, now in `file`, readable; `false` when the backlog was let go of meanwhile.
    mutating func finishWrite(_ write: Write, in file: any SpillStorage) -> Bool {
        guard write.generation == generation else { return false }
        writing -= write.count
        if self.file == nil { self.file = file }
        return true
    }

    /// Takes the bytes of `write` as handed to the consumer straight from memory. Only for a consumer that
    /// waited for them, which it does only when they are all the backlog holds; the file is then let go of.
    mutating func handOver(_ write: Write) -> (any SpillStorage)? {
        bytes -= write.count
        return bytes == 0 ? letGo() : nil
    }

    /// Claims up to `count` bytes from the start, among those written whole; `nil` when there are none, or
    /// a read is under way.
    mutating func claimRead(upTo count: Int) -> Read? {
        guard reading == 0, let file, bytes - writing > 0 else { return nil }
        reading = min(count, bytes - writing)
        return Read(file: file, generation: generation, count: reading)
    }

    /// Takes what `read` got, and the file the backlog let go of, to be released outside the lock; `nil`
    /// when the backlog was let go of meanwhile.
    mutating func finishRead(_ read: Read, _ result: Result<Data, any Error>) -> (
        chunk: Result<Data, SpillFileError>, released: (any SpillStorage)?
    )? {
        guard read.generation == generation else { return nil }
        reading = 0
        switch result {
        case .failure(let error):
            return (.failure(.unreadable(error)), letGo())
        case .success(let data) where data.isEmpty:
            return (.failure(.unreadable(SpillFileError.shorter(missing: bytes))), letGo())
        case .success(let data):
            bytes -= data.count
            return (.success(data), bytes == 0 ? letGo() : nil)
        }
    }

    /// Forgets the file and what waits in it, and returns the file, to be released outside the lock.
    mutating func letGo() -> (any SpillStorage)? {
        defer { (file, bytes, writing, reading, generation) = (nil, 0, 0, 0, generation + 1) }
        return file
    }
}
