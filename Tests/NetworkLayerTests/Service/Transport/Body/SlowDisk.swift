import Foundation
import TestSupport

@_spi(Transport) @testable import NetworkLayer

/// Spill files on a disk whose first append, or first reset, waits until the test lets it go.
final class SlowDisk: Sendable {
    /// The operation the disk holds.
    enum Slow {
        case append
        case reset
    }

    let held = HeldWrite()
    private let slow: Slow
    private let readCount = Locked(0)
    private let openCount = Locked(0)

    init(holding slow: Slow = .append) {
        self.slow = slow
    }

    /// Raised once the first write is under way.
    var writing: Signal { held.writing }
    /// Whether the write waited too long to be let go of (see ``HeldWrite``).
    var heldTooLong: Bool { held.heldTooLong }
    /// How many times the consumer read from disk.
    var reads: Int { readCount.current }
    /// How many spill files were opened.
    var opened: Int { openCount.current }

    /// Lets the held write go on.
    func release() { held.release() }

    /// A new spill file on this disk.
    func open() throws -> any SpillStorage {
        openCount.increment()
        return File(disk: self, file: try SpillFile())
    }

    private final class File: SpillStorage {
        let disk: SlowDisk
        let file: SpillFile

        init(disk: SlowDisk, file: SpillFile) {
            (self.disk, self.file) = (disk, file)
        }

        func append(_ chunk: Data) throws {
            if disk.slow == .append { disk.held.enter() }
            try file.append(chunk)
        }

        func read(upTo count: Int) throws -> Data {
            disk.readCount.increment()
            return try file.read(upTo: count)
        }

        func reset() throws {
            if disk.slow == .reset { disk.held.enter() }
            try file.reset()
        }
    }
}
