import Foundation

/// The part of a body that waits on disk, as the lock of its ``BodyChannel`` sees it.
///
/// The file is written and read outside that lock, so that nobody waits for the disk while holding it:
/// the transport reserves room for a chunk (``reserveWrite(_:)``), writes it, and makes it readable
/// (``finishWrite(_:in:)``); the consumer claims bytes that were written whole (``claimRead(upTo:)``),
/// reads them, and takes them (``finishRead(_:_:)``). One write and one read run at a time, each at its
/// own end of the file. The consumer that takes the last byte empties the file (``finishReset(_:_:)``);
/// a chunk that spills meanwhile goes to a new file instead of waiting.
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
    /// Whether the consumer is emptying `file`, which no write may use meanwhile.
    private var resetting = false
    /// The most bytes that may wait on disk; `nil` for no limit.
    var limit: Int?

    var isEmpty: Bool { bytes == 0 }

    /// Room for `count` more bytes, which count as waiting from now on.
    mutating func reserveWrite(_ count: Int) throws(SpillFileError) -> Write {
        if let limit, bytes + count > limit { throw .overLimit(limit) }
        bytes += count
        writing += count
        return Write(file: resetting ? nil : file, generation: generation, count: count)
    }

    /// Makes the bytes of `write`, now in `file`, readable; `false` when the backlog was let go of meanwhile.
    mutating func finishWrite(_ write: Write, in file: any SpillStorage) -> Bool {
        guard write.generation == generation else { return false }
        writing -= write.count
        // A new file replaces the one being emptied, for the writes that follow too; the consumer emptying
        // the old one lets it go.
        if write.file == nil { (self.file, resetting) = (file, false) }
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

    /// What a finished read leaves to do outside the lock.
    enum AfterRead {
        /// Nothing more.
        case none
        /// Empty this file, which no longer holds anything to read, then call ``finishReset(_:_:)``.
        case reset(any SpillStorage)
        /// Release this file, which the backlog let go of.
        case release((any SpillStorage)?)
    }

    /// Takes what `read` got; `nil` when the backlog was let go of meanwhile.
    mutating func finishRead(_ read: Read, _ result: Result<Data, any Error>) -> (
        chunk: Result<Data, SpillFileError>, then: AfterRead
    )? {
        guard read.generation == generation else { return nil }
        reading = 0
        switch result {
        case .failure(let error):
            return (.failure(.unreadable(error)), .release(letGo()))
        case .success(let data) where data.isEmpty:
            return (.failure(.unreadable(SpillFileError.shorter(missing: bytes))), .release(letGo()))
        case .success(let data):
            bytes -= data.count
            guard bytes == 0 else { return (.success(data), .none) }
            resetting = true
            return (.success(data), .reset(read.file))
        }
    }

    /// Ends the emptying of `file`; returns it to be released outside the lock when a new file took its
    /// place meanwhile, the backlog let go of it, or it could not be emptied.
    mutating func finishReset(_ file: any SpillStorage, _ emptied: Bool) -> (any SpillStorage)? {
        guard resetting, self.file === file else { return file }
        resetting = false
        guard emptied else { return letGo() }
        return nil
    }

    /// Forgets the file and what waits in it, and returns the file, to be released outside the lock.
    mutating func letGo() -> (any SpillStorage)? {
        defer { (file, bytes, writing, reading, resetting, generation) = (nil, 0, 0, 0, false, generation + 1) }
        return file
    }
}
