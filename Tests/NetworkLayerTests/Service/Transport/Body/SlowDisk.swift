import Foundation
import TestSupport

@testable import NetworkLayer

/// Spill files on a disk whose first write waits until the test lets it go.
final class SlowDisk: Sendable {
    let held = HeldWrite()
    private let readCount = Locked(0)

    /// Raised once the first write is under way.
    var writing: Signal { held.writing }
    /// Whether the write waited too long to be let go of (see ``HeldWrite``).
    var heldTooLong: Bool { held.heldTooLong }
    /// How many times the consumer read from disk.
    var reads: Int { readCount.current }

    /// Lets the held write go on.
    func release() { held.release() }

    /// A new spill file on this disk.
    func open() throws -> any SpillStorage { File(disk: self, file: try SpillFile()) }

    private struct File: SpillStorage {
        let disk: SlowDisk
        let file: SpillFile

        func append(_ chunk: Data) throws {
            disk.held.enter()
            try file.append(chunk)
        }

        func read(upTo count: Int) throws -> Data {
            disk.readCount.increment()
            return try file.read(upTo: count)
        }
    }
}
