import Foundation
@_spi(Transport) import NetworkLayer
import Testing

@Suite("Stubbed streams")
struct StubStreamingTests {
    @Test("A stubbed stream arrives in its chunks, in order, as lines or bytes")
    func lines() async throws {
        let stub = StubTransport<TestEndpoint> { _ in .stream(chunks: ["one\ntw", "o\n", "three"], interval: 0.01) }
        let streamed = try await Router(stub: stub).stream(TestEndpoint())
        var lines: [String] = []
        for try await line in streamed.body.lines { lines.append(line) }
        #expect(lines == ["one", "two", "three"])
    }

    @Test("A stubbed event stream feeds router.events offline")
    func events() async throws {
        let stub = StubTransport<TestEndpoint> { _ in
            .stream(
                headers: ["Content-Type": "text/event-stream"], chunks: ["id: 1\ndata: a\n\n", "id: 2\ndata: b\n\n"],
                interval: 0.01)
        }
        var received: [ServerSentEvent] = []
        for try await event in Router(stub: stub).events(TestEndpoint(), reconnection: .never) {
            received.append(event)
        }
        #expect(received == [ServerSentEvent(data: "a", id: "1"), ServerSentEvent(data: "b", id: "2")])
    }

    @Test("Leaving the loop stops a stubbed stream that would go on")
    func stop() async throws {
        let stub = StubTransport<TestEndpoint> { _ in .stream(chunks: Array(repeating: "tick\n", count: 10_000)) }
        var count = 0
        for try await _ in try await Router(stub: stub).stream(TestEndpoint()).body.lines {
            count += 1
            if count == 3 { break }
        }
        #expect(count == 3)
    }
}
