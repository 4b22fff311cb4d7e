import Foundation
@_spi(Transport) import NetworkLayer
import TestSupport
import Testing

/// The streamed body every transport hands back: order, ends, limits, one consumer, cancellation, demand.
@Suite("ResponseBody")
struct ResponseBodyTests {
    @Test("a loop reads the chunks in order, written before or while it waits")
    func order() async throws {
        let (body, writer) = ResponseBody.makeStream()
        writer.write(Data("a".utf8))
        let reader = Task {
            var read: [String] = []
            for try await chunk in body { read.append(String(decoding: chunk, as: UTF8.self)) }
            return read
        }
        for text in ["b", "c", "d"] { writer.write(Data(text.utf8)) }
        writer.finish()
        #expect(try await reader.value == ["a", "b", "c", "d"])
    }

    @Test("collect gathers the body; a limit it passes throws responseTooLarge and stops the transfer")
    func collectLimit() async throws {
        let whole = ResponseBody(Data("hello".utf8))
        #expect(try await whole.collect(upTo: 5) == Data("hello".utf8))

        let stopped = Locked(false)
        let (body, writer) = ResponseBody.makeStream { stopped.withLock { $0 = true } }
        let collecting = Task { try await body.collect(upTo: 4) }
        writer.write(Data("abc".utf8))
        writer.write(Data("de".utf8))
        let error = await #expect(throws: NetworkError.self) { try await collecting.value }
        guard let limit = error?.sizeLimit else {
            Issue.record("expected responseTooLarge, got \(String(describing: error))")
            return
        }
        #expect(limit == 4)
        #expect(stopped.current)
    }

    @Test("a failed transfer reaches the consumer with its error")
    func failure() async {
        let (body, writer) = ResponseBody.makeStream()
        writer.write(Data("partial".utf8))
        writer.fail(NetworkError(.connectionLost))
        let error = await #expect(throws: NetworkError.self) { try await body.collect() }
        #expect(error?.kind == .connectionLost)
    }

    @Test("a body has one consumer")
    func oneConsumer() async throws {
        let body = ResponseBody(Data("x".utf8))
        _ = try await body.collect()
        await #expect(throws: ResponseBodyError.alreadyConsumed) { try await body.collect() }
    }

    @Test("leaving the loop early, cancelling the consumer or cancel() stops the transfer once", arguments: 0..<3)
    func stopsTransfer(way: Int) async throws {
        let stops = Locked(0)
        let (body, writer) = ResponseBody.makeStream { stops.increment() }
        writer.write(Data("first".utf8))
        switch way {
        case 0:
            for try await _ in body { break }
        case 1:
            let reader = Task { for try await _ in body {} }
            await settle()
            #expect(stops.current == 0)
            reader.cancel()
            _ = await reader.result
        default:
            body.cancel()
        }
        #expect(await eventually { stops.current == 1 })
        writer.write(Data("dropped".utf8))
        writer.finish()
        await settle()
        #expect(stops.current == 1)
    }

    @Test("a consumer whose task is cancelled stops with CancellationError, even when the whole body has arrived")
    func cancelledAfterArrival() async throws {
        let (body, writer) = ResponseBody.makeStream()
        for text in ["a", "b", "c"] { writer.write(Data(text.utf8)) }
        writer.finish()
        let reader = Task { () async -> (chunks: Int, error: (any Error)?) in
            var chunks = 0
            do {
                for try await _ in body {
                    chunks += 1
                    withUnsafeCurrentTask { $0?.cancel() }
                }
                return (chunks, nil)
            } catch {
                return (chunks, error)
            }
        }
        let (chunks, error) = await reader.value
        #expect(chunks == 1)
        #expect(error is CancellationError)
    }

    /// A way a body ends before its consumer read the three chunks that arrived, and how many it still reads.
    struct EarlyEnd: Sendable, CustomTestStringConvertible {
        let testDescription: String
        let end: @Sendable (ResponseBody, ResponseBodyWriter) -> Void
        let chunksRead: Int

        static let all = [
            EarlyEnd(testDescription: "cancel()", end: { body, _ in body.cancel() }, chunksRead: 0),
            EarlyEnd(
                testDescription: "a failed transfer",
                end: { _, writer in writer.fail(NetworkError(.connectionLost)) }, chunksRead: 3),
        ]
    }

    @Test(
        "a stopped body gives up the chunks waiting for its consumer; a failed one hands them over first",
        arguments: EarlyEnd.all)
    func chunksWaitingAtTheEnd(_ earlyEnd: EarlyEnd) async {
        let (body, writer) = ResponseBody.makeStream()
        for text in ["a", "b", "c"] { writer.write(Data(text.utf8)) }
        earlyEnd.end(body, writer)
        var read = 0
        do {
            for try await _ in body { read += 1 }
            Issue.record("the body ended without an error")
        } catch {}
        #expect(read == earlyEnd.chunksRead)
    }

    @Test("waitForDemand holds the transport while more than the window waits, and lets it go as the consumer reads")
    func demand() async throws {
        let (body, writer) = ResponseBody.makeStream(window: 4)
        writer.write(Data("12345".utf8))
        let released = Locked(false)
        let producer = Task {
            await writer.waitForDemand()
            released.withLock { $0 = true }
        }
        await settle()
        #expect(!released.current)

        var iterator = body.makeAsyncIterator()
        #expect(try await iterator.next() == Data("12345".utf8))
        #expect(await eventually { released.current })
        await producer.value

        writer.write(Data("ab".utf8))
        await writer.waitForDemand()
        writer.finish()
        #expect(try await iterator.next() == Data("ab".utf8))
        #expect(try await iterator.next() == nil)
    }

    /// Chunks of distinct bytes, so that any reordering or loss shows.
    static func numberedChunks(_ count: Int, size: Int) -> [Data] {
        (0..<count).map { index in Data((0..<size).map { UInt8(truncatingIfNeeded: index &* 31 &+ $0) }) }
    }

    @Test("past the window, chunks wait on disk and come back in order, memory staying within the window")
    func spillsPastWindow() async throws {
        let (body, writer) = ResponseBody.makeStream(window: 1_000, spillsPastWindow: true)
        let chunks = Self.numberedChunks(300, size: 70)
        for chunk in chunks { writer.write(chunk) }
        writer.finish()
        let backlog = body.backlog
        #expect(backlog.memory <= 1_000)
        #expect(backlog.memory + backlog.disk == 21_000)
        var read = Data()
        for try await chunk in body {
            read.append(chunk)
            #expect(body.backlog.memory <= 1_000)
        }
        #expect(read == Data(chunks.joined()))
        #expect(body.backlog == (0, 0))
    }

    @Test("a consumer that reads while the transport writes gets every byte in order, from memory and disk")
    func spillsWhileReading() async throws {
        let (body, writer) = ResponseBody.makeStream(window: 500, spillsPastWindow: true)
        let chunks = Self.numberedChunks(2_000, size: 33)
        let reader = Task {
            var read = Data()
            var count = 0
            for try await chunk in body {
                read.append(chunk)
                count += 1
                if count % 50 == 0 { try await Task.sleep(for: .milliseconds(1)) }
            }
            return read
        }
        for (index, chunk) in chunks.enumerated() {
            writer.write(chunk)
            if index % 400 == 0 { try await Task.sleep(for: .milliseconds(2)) }
        }
        writer.finish()
        #expect(try await reader.value == Data(chunks.joined()))
    }

    @Test("collect and drain take the backlog on disk first, then the chunks still arriving")
    func collectsSpilled() async throws {
        let (body, writer) = ResponseBody.makeStream(window: 100, spillsPastWindow: true)
        let chunks = Self.numberedChunks(3_000, size: 512)
        for chunk in chunks.prefix(2_000) { writer.write(chunk) }
        #expect(body.backlog.disk > 1_000_000)
        let collecting = Task { try await body.collect() }
        for chunk in chunks.dropFirst(2_000) { writer.write(chunk) }
        writer.finish()
        #expect(try await collecting.value == Data(chunks.joined()))
    }

    @Test("the backlog file is never in the temporary directory, and stopping the body lets go of it")
    func spillLeavesNothing() async throws {
        func spillFiles() throws -> [String] {
            try FileManager.default.contentsOfDirectory(atPath: FileManager.default.temporaryDirectory.path)
                .filter { $0.hasPrefix("NetworkLayer-") && $0.hasSuffix(".spill") }
        }
        let stopped = Locked(false)
        let (body, writer) = ResponseBody.makeStream(window: 10, spillsPastWindow: true) {
            stopped.withLock { $0 = true }
        }
        for chunk in Self.numberedChunks(100, size: 100) { writer.write(chunk) }
        #expect(body.backlog.disk > 0)
        #expect(try spillFiles().isEmpty)
        body.cancel()
        #expect(body.backlog.disk == 0)
        #expect(stopped.current)
        await #expect(throws: CancellationError.self) { try await body.collect() }
    }

    @Test("without spilling, the window only holds back a transport that waits for demand")
    func noSpillByDefault() {
        let (body, writer) = ResponseBody.makeStream(window: 10)
        for chunk in Self.numberedChunks(10, size: 100) { writer.write(chunk) }
        #expect(body.backlog == (1_000, 0))
    }
}
