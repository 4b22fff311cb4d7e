import Foundation
@_spi(Transport) import NetworkLayer
import TestSupport
import Testing

@Suite("Integration: Server-Sent Events from sse-starlette", .needsSSEServer, .timeLimit(.minutes(1)))
struct EventsIntegrationTests {
    func makeRouter() throws -> Router<SSEEndpoint> {
        try SSEServerPeer.peer.makeRouter()
    }

    /// Every event until the stream ends, and the error it ended with.
    func collect(_ events: ServerSentEvents<SSEEndpoint>) async -> ([ServerSentEvent], (any Error)?) {
        var received: [ServerSentEvent] = []
        do {
            for try await event in events { received.append(event) }
            return (received, nil)
        } catch {
            return (received, error)
        }
    }

    @Test("Events with ids, types, two data lines and retry, until the server's 204 ends them")
    func events() async throws {
        let (received, error) = await collect(try makeRouter().events(.events(count: 3, retry: 10, dropAfter: nil)))
        #expect(received.map(\.data) == ["event 1\nline two", "event 2\nline two", "event 3\nline two"])
        #expect(received.map(\.id) == ["1", "2", "3"])
        #expect(received.allSatisfy { $0.event == "tick" && $0.retry == 0.01 })
        #expect(error == nil)
    }

    @Test("Connections cut mid-stream resume from the last id: nothing lost, nothing repeated")
    func resumesAfterDrops() async throws {
        let (received, error) = await collect(try makeRouter().events(.events(count: 7, retry: 10, dropAfter: 2)))
        #expect(received.compactMap(\.id) == (1...7).map(String.init))
        #expect(error == nil)
    }

    @Test("Leaving the loop stops the stream")
    func stop() async throws {
        var first: ServerSentEvent?
        for try await event in try makeRouter().events(.events(count: 1_000, retry: 10, dropAfter: nil)) {
            first = event
            break
        }
        #expect(first?.id == "1")
    }

    @Test("The server's 204 ends the loop normally, before any event")
    func noContent() async throws {
        let (received, error) = await collect(try makeRouter().events(.noContent))
        #expect(received.isEmpty)
        #expect(error == nil)
    }

    @Test("A Content-Type other than text/event-stream ends it at once, naming the type")
    func notEventStream() async throws {
        let (received, error) = await collect(try makeRouter().events(.notSSE))
        #expect(received.isEmpty)
        let failure = try #require(error as? NetworkError)
        #expect(failure.kind == .decodingFailed)
        #expect(failure.response?.statusCode == 200)
        #expect(failure.description.contains("not text/event-stream"))
    }
}
