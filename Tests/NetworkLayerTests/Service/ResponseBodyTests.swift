import Foundation
import NetworkLayer
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
        guard case .responseTooLarge(let limit, _) = error else {
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
        writer.fail(TransportError(.connectionLost))
        await #expect(throws: TransportError(.connectionLost)) { try await body.collect() }
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
}
