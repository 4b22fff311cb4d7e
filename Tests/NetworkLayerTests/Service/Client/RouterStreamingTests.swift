import Foundation
@_spi(Transport) import NetworkLayer
import TestSupport
import Testing

@Suite("Router streaming")
struct RouterStreamingTests {
    @Test("The head comes back first; the body follows chunk by chunk, in order")
    func chunks() async throws {
        let transport = ChunkedTransport { _ in (200, ["one ", "two ", "three"]) }
        let streamed = try await Router<TestEndpoint>(transport: transport).stream(TestEndpoint())
        #expect(streamed.response.statusCode == 200)
        #expect(streamed.response.data.isEmpty)
        var chunks: [String] = []
        for try await chunk in streamed.body { chunks.append(String(decoding: chunk, as: UTF8.self)) }
        #expect(chunks == ["one ", "two ", "three"])
    }

    @Test("Lines split across chunks")
    func lines() async throws {
        let transport = ChunkedTransport { _ in (200, ["{\"n\":1}\n{\"n\"", ":2}\r\n", "{\"n\":3}"]) }
        let streamed = try await Router<TestEndpoint>(transport: transport).stream(TestEndpoint())
        var lines: [String] = []
        for try await line in streamed.body.lines { lines.append(line) }
        #expect(lines == [#"{"n":1}"#, #"{"n":2}"#, #"{"n":3}"#])
    }

    @Test(
        "A refused status throws the manager's error, before any byte is handed out",
        arguments: [(404, "notFound"), (401, "authentication"), (500, "serverError"), (418, "clientError")])
    func refused(status: Int, kind: String) async throws {
        let transport = ChunkedTransport { _ in (status, ["{\"error\":", "\"nope\"}"]) }
        do {
            _ = try await Router<TestEndpoint>(transport: transport).stream(TestEndpoint())
            Issue.record("a \(status) was handed out as a stream")
        } catch {
            #expect(String(describing: error).contains(String(status)))
            #expect(error.response?.statusCode == status)
            #expect(String(decoding: error.response?.data ?? Data(), as: UTF8.self) == #"{"error":"nope"}"#)
            #expect(error.kind.name == kind)
        }
    }

    @Test("A refused response's error keeps only the first 64 KB of its body, and the rest is not read")
    func refusedBodyLimit() async throws {
        let chunk = String(repeating: "x", count: 16 * 1024)
        let transport = ChunkedTransport { _ in (503, Array(repeating: chunk, count: 10)) }
        let error = await #expect(throws: NetworkError.self) {
            _ = try await Router<TestEndpoint>(transport: transport).stream(TestEndpoint())
        }
        #expect(error?.response?.data.count == 64 * 1024)
        #expect(transport.stopped.withLock { $0 } == 1)
    }

    @Test("The endpoint's accepted statuses decide what streams")
    func acceptedStatuses() async throws {
        let transport = ChunkedTransport { _ in (404, ["still a body"]) }
        var endpoint = TestEndpoint()
        endpoint.acceptableStatusCodes = [200, 404]
        let streamed = try await Router<TestEndpoint>(transport: transport).stream(endpoint)
        #expect(streamed.response.statusCode == 404)
        #expect(try await streamed.body.collect() == Data("still a body".utf8))
    }

    @Test("A retried 503 is sent again before anything is handed out; the stream is the final attempt's")
    func retries() async throws {
        let transport = ChunkedTransport { attempt in attempt == 1 ? (503, ["busy"]) : (200, ["fresh"]) }
        let configuration = RouterConfiguration(
            retryPolicy: RetryPolicy(maximumRetries: 2, initialBackoff: 0.01, jitter: 0))
        let streamed = try await Router<TestEndpoint>(configuration: configuration, transport: transport)
            .stream(TestEndpoint())
        #expect(try await streamed.body.collect() == Data("fresh".utf8))
        #expect(transport.attempts.withLock { $0 } == 2)
    }

    @Test("Router.cancel() stops a stream that is being read")
    func routerCancel() async throws {
        var transport = ChunkedTransport { _ in (200, ["first"]) }
        transport.hold = true
        let router = Router<TestEndpoint>(transport: transport)
        let streamed = try await router.stream(TestEndpoint())
        var iterator = streamed.body.makeAsyncIterator()
        #expect(try await iterator.next() == Data("first".utf8))
        router.cancel()
        await #expect(throws: CancellationError.self) { _ = try await iterator.next() }
        #expect(transport.stopped.withLock { $0 } == 1)
    }

    @Test("Cancelling the consuming task stops a stream that is being read")
    func taskCancel() async throws {
        var transport = ChunkedTransport { _ in (200, ["first"]) }
        transport.hold = true
        let streamed = try await Router<TestEndpoint>(transport: transport).stream(TestEndpoint())
        let consumer = Task {
            var iterator = streamed.body.makeAsyncIterator()
            _ = try await iterator.next()
            withUnsafeCurrentTask { $0?.cancel() }
            _ = try await iterator.next()
        }
        await #expect(throws: CancellationError.self) { try await consumer.value }
        #expect(await eventually { transport.stopped.withLock { $0 } == 1 })
    }

    @Test("Leaving the loop early stops the transfer")
    func earlyExit() async throws {
        var transport = ChunkedTransport { _ in (200, ["a\n", "b\n"]) }
        transport.hold = true
        let streamed = try await Router<TestEndpoint>(transport: transport).stream(TestEndpoint())
        for try await line in streamed.body.lines where line == "a" { break }
        #expect(await eventually { transport.stopped.withLock { $0 } == 1 })
    }
}
