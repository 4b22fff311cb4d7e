import Foundation
import TestSupport
import Testing

@_spi(Transport) @testable import NetworkLayer

/// A download's file is written outside its lock: discarding it never waits for the disk.
@Suite("TemporaryFile")
struct TemporaryFileTests {
    private static func exists(_ file: TemporaryFile) -> Bool {
        FileManager.default.fileExists(atPath: file.url.path)
    }

    @Test("small and large writes reach the file whole and in order")
    func order() throws {
        let file = try TemporaryFile()
        defer { file.discard() }
        let sizes = [10, 70_000, 3, 65_536, 40_000, 40_000, 1, 200_000, 7]
        let chunks = sizes.enumerated().map { index, size in Data(repeating: UInt8(index), count: size) }

        for chunk in chunks { try file.write(chunk) }
        try file.close()

        #expect(try Data(contentsOf: file.url) == Data(chunks.joined()))
    }

    @Test("discard() returns while a write is under way; that write then removes the file, and later ones throw")
    func discardWhileWriting() async throws {
        let held = HeldWrite()
        let file = try TemporaryFile { handle, data in
            held.enter()
            try handle.write(contentsOf: data)
        }
        let written = Signal()
        // The transport's own thread, which the disk holds.
        Thread.detachNewThread {
            try? file.write(Data(count: TemporaryFile.bufferSize))
            written.raise()
        }
        await held.writing.wait()

        file.discard()
        #expect(Self.exists(file))

        held.release()
        await written.wait()
        #expect(!held.heldTooLong)
        #expect(!Self.exists(file))
        #expect(throws: CocoaError.self) { try file.write(Data("late".utf8)) }
    }

    @Test("discard() with no write under way removes the file at once")
    func discardIdle() throws {
        let file = try TemporaryFile()
        try file.write(Data("gathered".utf8))
        #expect(Self.exists(file))

        file.discard()

        #expect(!Self.exists(file))
        #expect(throws: CocoaError.self) { try file.close() }
    }
}
