import Foundation
import TestSupport
import Testing

@_spi(Transport) @testable import NetworkLayer

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A Server-Sent Events feed of the local sse-starlette server recorded through `router.events`, then replayed
/// without it: the events arrive one at a time, the ones recorded.
@Suite("Integration: HAR recording and replay of Server-Sent Events", .needsSSEServer, .timeLimit(.minutes(1)))
struct HAREventsIntegrationTests {
    static let route = SSEEndpoint.events(count: 3, retry: 10, dropAfter: nil)

    /// Reconnects after the server's `retry:`, without the default half-second floor.
    static var reconnection: EventStreamReconnection {
        var reconnection = EventStreamReconnection()
        reconnection.minimumDelay = 0
        return reconnection
    }

    /// Counts the events a consumer took, and lets a replayed body wait until it took some.
    actor Arrivals {
        private var count = 0
        private var waiting: [(count: Int, resume: CheckedContinuation<Void, Never>)] = []

        func arrived() {
            count += 1
            let (ready, rest) = (waiting.filter { $0.count <= count }, waiting.filter { $0.count > count })
            waiting = rest
            for waiter in ready { waiter.resume.resume() }
        }

        func wait(until wanted: Int) async {
            guard count < wanted else { return }
            await withCheckedContinuation { waiting.append((wanted, $0)) }
        }
    }

    @Test("a recorded feed replays event by event: each chunk one event, the router's events the recorded ones")
    func recordThenReplay() async throws {
        _ = try SSEServerPeer.peer.requireURL()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("har-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("sse.har")
        let configuration = RouterConfiguration(retryPolicy: .never)

        // The feed's three events, then the reconnection the server ends with 204: two exchanges.
        let recorder = Router<SSEEndpoint>(
            configuration: configuration,
            transport: HARRecordingTransport(wrapping: LoopbackPeer.makeTransport(), file: file))
        var recorded: [ServerSentEvent] = []
        for try await event in recorder.events(Self.route, reconnection: Self.reconnection) { recorded.append(event) }
        #expect(recorded.map(\.id) == ["1", "2", "3"])
        var archive = try HARArchive.read(Data(contentsOf: file))
        #expect(archive.log.entries.map(\.response.status) == [200, 204])
        try HAROutput.keep(file, as: "sse.har")

        // The transport hands the body over one event a chunk.
        let stream = try #require(archive.log.entries.first)
        #expect(stream.response.content.mimeType.hasPrefix("text/event-stream"))
        let url = try #require(URL(string: stream.request.url))
        let response = try await HARReplayTransport(file: file).send(TransportRequest(head: URLRequest(url: url)))
        var parser = ServerSentEventParser()
        var chunks: [[ServerSentEvent]] = []
        for try await chunk in response.body { chunks.append(try parser.parse(chunk)) }
        #expect(chunks == recorded.map { [$0] })

        // Through a router, with the recorded timing: the body's next event is held back until the router
        // handed over the one before, so the events can only arrive one by one.
        for index in archive.log.entries.indices {
            archive.log.entries[index].timings = HARTimings(send: 0, wait: 1, receive: 3)
        }
        let arrivals = Arrivals()
        let pauses = NetworkLayer.Locked(0)
        let events = recorded.count
        let timing = HARReplayTransport.Timing.recorded { _ in
            // Pause 0 is the feed's head, pause k the one before its chunk k; chunk k waits for event k - 1.
            let pause = pauses.withLock { count in
                defer { count += 1 }
                return count
            }
            if (2...events).contains(pause) { await arrivals.wait(until: pause - 1) }
        }
        let replayer = Router<SSEEndpoint>(
            configuration: configuration,
            transport: try HARReplayTransport(data: archive.encoded(), timing: timing))
        var replayed: [ServerSentEvent] = []
        for try await event in replayer.events(Self.route, reconnection: Self.reconnection) {
            replayed.append(event)
            await arrivals.arrived()
        }
        #expect(replayed == recorded)
    }
}
