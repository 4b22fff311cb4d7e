import Foundation
import TestSupport
import Testing

@_spi(Transport) @testable import NetworkLayer

/// A chunk past the window goes to disk off the transport's thread and outside the channel's lock: while
/// the disk is slow, the transport's thread (and every other body it delivers), the consumer, the backlog's
/// readers and `stop()` go on, and a consumer that waits for that very chunk gets it once written, in order.
@Suite("BodyChannel on a slow disk")
struct BodyChannelSlowDiskTests {
    private static let memory = Data("abcd".utf8)
    private static let onDisk = Data("efgh".utf8)

    /// A channel with a 4-byte window whose first chunk waits in memory and whose second is being
    /// written to `disk`, held there; returns once the write is under way, and a signal raised when
    /// the transport's `write` returns (at once: it never waits for the disk).
    private static func channelWritingToDisk(
        _ disk: SlowDisk, onCancel: (@Sendable () -> Void)? = nil
    ) async -> (BodyChannel, written: Signal) {
        let channel = BodyChannel(
            window: memory.count, spillsPastWindow: true, onCancel: onCancel, makeSpillStorage: { try disk.open() })
        channel.write(memory)
        let written = Signal()
        // The transport's own thread, which the disk holds.
        Thread.detachNewThread {
            channel.write(onDisk)
            written.raise()
        }
        await disk.writing.wait()
        return (channel, written)
    }

    @Test("while a chunk is written to disk, the consumer reads memory, the backlog reads, and stop() ends the body")
    func lockFreeWhileWriting() async throws {
        let disk = SlowDisk()
        let cancelled = Locked(0)
        let (channel, written) = await Self.channelWritingToDisk(disk) { cancelled.increment() }

        #expect(channel.backlog == (memory: 4, disk: 4))
        #expect(try await channel.next() == Self.memory)
        channel.stop()
        #expect(cancelled.current == 1)
        await #expect(throws: CancellationError.self) { try await channel.next() }

        disk.release()
        await written.wait()
        #expect(!disk.heldTooLong)
        #expect(channel.backlog == (memory: 0, disk: 0))
        #expect(cancelled.current == 1)
    }

    @Test("a consumer waiting for the chunk being written gets it from memory once written, then the rest")
    func waitingConsumerGetsChunk() async throws {
        let disk = SlowDisk()
        let (channel, written) = await Self.channelWritingToDisk(disk)
        #expect(try await channel.next() == Self.memory)
        let reading = Task { try await channel.next() }
        #expect(await eventually(within: 30) { channel.awaitsChunk })

        disk.release()
        await written.wait()

        #expect(try await reading.value == Self.onDisk)
        #expect(disk.reads == 0)
        #expect(channel.backlog == (memory: 0, disk: 0))
        #expect(await eventually(within: 30) { !channel.isWritingToDisk })
        channel.write(Data("ij".utf8))
        #expect(channel.backlog == (memory: 2, disk: 0))
        channel.finish()
        #expect(try await channel.next() == Data("ij".utf8))
        #expect(try await channel.next() == nil)
        #expect(!disk.heldTooLong)
    }

    @Test("collect begun while a chunk is written to disk gets every byte in order")
    func collectWhileWriting() async throws {
        let disk = SlowDisk()
        let (channel, written) = await Self.channelWritingToDisk(disk)
        let collecting = Task { try await ResponseBody(channel: channel).collect() }
        #expect(await eventually(within: 30) { channel.awaitsChunk })

        disk.release()
        await written.wait()
        channel.write(Data("ij".utf8))
        channel.finish()

        #expect(try await collecting.value == Data("abcdefghij".utf8))
        #expect(disk.reads == 0)
        #expect(!disk.heldTooLong)
    }

    @Test("a consumer that comes after the chunk was written reads it back from disk")
    func readsBackFromDisk() async throws {
        let disk = SlowDisk()
        let (channel, written) = await Self.channelWritingToDisk(disk)
        disk.release()
        await written.wait()
        #expect(await eventually(within: 30) { !channel.isWritingToDisk })
        channel.finish()

        #expect(try await channel.next() == Self.memory)
        #expect(try await channel.next() == Self.onDisk)
        #expect(try await channel.next() == nil)
        #expect(disk.reads == 1)
    }

    @Test("chunks that spill while the consumer empties the file go to one new file, and come next")
    func spillWhileEmptying() async throws {
        let disk = SlowDisk(holding: .reset)
        let channel = BodyChannel(
            window: 4, spillsPastWindow: true, onCancel: nil, makeSpillStorage: { try disk.open() })
        channel.write(Self.memory)
        channel.write(Self.onDisk)
        #expect(await eventually(within: 30) { !channel.isWritingToDisk })
        #expect(try await channel.next() == Self.memory)
        // Taking the last byte on disk empties the file, which the disk holds.
        let emptying = Task { try await channel.next() }
        await disk.writing.wait()

        channel.write(Data("ijklm".utf8))
        channel.write(Data("nopq".utf8))
        #expect(await eventually(within: 30) { !channel.isWritingToDisk })
        #expect(disk.opened == 2)
        #expect(channel.backlog == (memory: 0, disk: 9))

        disk.release()
        #expect(try await emptying.value == Self.onDisk)
        channel.finish()
        #expect(try await channel.next() == Data("ijklmnopq".utf8))
        #expect(try await channel.next() == nil)
        #expect(channel.backlog == (memory: 0, disk: 0))
        #expect(!disk.heldTooLong)
    }

    @Test("the transport's thread never waits for the disk: another body it delivers meanwhile arrives at once")
    func transportThreadGoesOn() async throws {
        let disk = SlowDisk()
        let slow = BodyChannel(
            window: Self.memory.count, spillsPastWindow: true, onCancel: nil, makeSpillStorage: { try disk.open() })
        let other = BodyChannel(window: Self.memory.count, spillsPastWindow: true, onCancel: nil)
        let delivered = Signal()
        // One thread delivers every body, as URLSession's delegate queue does on Linux.
        Thread.detachNewThread {
            slow.write(Self.memory)
            slow.write(Self.onDisk)
            other.write(Data("other".utf8))
            other.finish()
            slow.write(Data("ij".utf8))
            slow.finish()
            delivered.raise()
        }
        await disk.writing.wait()
        await delivered.wait()
        #expect(try await ResponseBody(channel: other).collect() == Data("other".utf8))
        #expect(slow.backlog == (memory: 4, disk: 6))

        disk.release()
        #expect(try await ResponseBody(channel: slow).collect() == Data("abcdefghij".utf8))
        #expect(!disk.heldTooLong)
    }

    @Test("the transport's thread waits only while more than the window's bytes queue for a slow disk")
    func queueBound() async throws {
        let disk = SlowDisk()
        let channel = BodyChannel(
            window: Self.memory.count, spillsPastWindow: true, onCancel: nil, makeSpillStorage: { try disk.open() })
        let large = Data(repeating: 7, count: SpillFile.readSize + 1)
        let returned = Locked(false)
        Thread.detachNewThread {
            channel.write(Self.memory)
            channel.write(Self.onDisk)
            channel.write(large)
            returned.withLock { $0 = true }
        }
        await disk.writing.wait()
        #expect(await eventually(within: 30) { channel.backlog.disk == Self.onDisk.count + large.count })
        #expect(!returned.current)

        disk.release()
        #expect(await eventually(within: 30) { returned.current })
        channel.finish()
        #expect(try await ResponseBody(channel: channel).collect() == Self.memory + Self.onDisk + large)
        #expect(!disk.heldTooLong)
    }
}
