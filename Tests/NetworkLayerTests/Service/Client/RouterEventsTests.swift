import Foundation
import TestSupport
import Testing

@_spi(Transport) @testable import NetworkLayer

@Suite("Router events")
struct RouterEventsTests {
    /// A transport that answers with `text/event-stream` bodies, per attempt.
    static func eventStream(
        _ answer: @escaping @Sendable (Int) throws -> (status: Int, chunks: [String])
    ) -> ChunkedTransport {
        var transport = ChunkedTransport(answer: answer)
        transport.contentType = "text/event-stream; charset=utf-8"
        return transport
    }

    static let fast: EventStreamReconnection = {
        var policy = EventStreamReconnection(initialDelay: 0.001, jitter: 0)
        policy.minimumDelay = 0
        return policy
    }()

    /// A router whose waits are recorded instead of slept.
    static func recordingRouter(
        _ transport: ChunkedTransport, configure: (inout RouterConfiguration) -> Void = { _ in }
    ) -> (Router<TestEndpoint>, Locked<[TimeInterval]>) {
        let waits = Locked<[TimeInterval]>([])
        var configuration = RouterConfiguration().sleeping(with: { seconds in waits.withLock { $0.append(seconds) } })
        configure(&configuration)
        return (Router<TestEndpoint>(configuration: configuration, transport: transport), waits)
    }

    /// The data of every event until the loop ends, and the error it ended with.
    func collect(_ events: ServerSentEvents<TestEndpoint>) async -> (data: [String], error: (any Error)?) {
        var data: [String] = []
        do {
            for try await event in events { data.append(event.data) }
            return (data, nil)
        } catch {
            return (data, error)
        }
    }

    @Test("Events arrive as they are parsed; the request asks for an event stream")
    func events() async throws {
        let transport = Self.eventStream { _ in (200, ["event: score\nid: 1\nda", "ta: 1-0\n\n", "data: end\n\n"]) }
        var received: [ServerSentEvent] = []
        for try await event in Router<TestEndpoint>(transport: transport).events(TestEndpoint(), reconnection: .never) {
            received.append(event)
        }
        #expect(
            received == [
                ServerSentEvent(event: "score", data: "1-0", id: "1"), ServerSentEvent(data: "end", id: "1"),
            ])
        let request = try #require(transport.requests.withLock { $0.first })
        #expect(request.value(forHTTPHeaderField: "Accept") == "text/event-stream")
        #expect(request.value(forHTTPHeaderField: "Cache-Control") == "no-cache")
        #expect(request.value(forHTTPHeaderField: "Last-Event-ID") == nil)
    }

    @Test("A dropped stream reconnects with Last-Event-ID; nothing is lost or repeated, a partial event is dropped")
    func reconnects() async throws {
        let transport = Self.eventStream { attempt in
            switch attempt {
            case 1: (200, ["retry: 1\nid: 1\ndata: a\n\nid: 2\ndata: b\n\ndata: part"])
            case 2: (200, ["id: 3\ndata: c\n\n"])
            default: (204, [])
            }
        }
        let (data, error) = await collect(Router<TestEndpoint>(transport: transport).events(TestEndpoint()))
        #expect(data == ["a", "b", "c"])
        #expect(error == nil)
        let lastEventIDs = transport.requests.withLock { $0.map { $0.value(forHTTPHeaderField: "Last-Event-ID") } }
        #expect(lastEventIDs == [nil, "2", "3"])
    }

    @Test("A failed connection is tried again after the wait")
    func connectionFailure() async throws {
        let transport = Self.eventStream { attempt in
            if attempt == 1 { throw NetworkError(.cannotConnect, detail: "refused") }
            return attempt == 2 ? (200, ["data: up\n\n"]) : (204, [])
        }
        let (data, _) = await collect(
            Router<TestEndpoint>(transport: transport).events(TestEndpoint(), reconnection: Self.fast))
        #expect(data == ["up"])
        #expect(transport.attempts.withLock { $0 } == 3)
    }

    @Test(
        "A refused status or another Content-Type ends the stream with an error, without reconnecting",
        arguments: [
            (500, "text/event-stream", "serverError"), (401, "text/event-stream", "authentication"),
            (200, "application/json", "decodingFailed"),
        ])
    func terminal(status: Int, contentType: String, kind: String) async throws {
        var transport = ChunkedTransport { _ in (status, ["data: x\n\n"]) }
        transport.contentType = contentType
        let (data, error) = await collect(
            Router<TestEndpoint>(transport: transport).events(TestEndpoint(), reconnection: Self.fast))
        #expect(data.isEmpty)
        #expect((error as? NetworkError)?.kind.name == kind)
        #expect(transport.attempts.withLock { $0 } == 1)
    }

    @Test("With a logger, each reconnection is logged with its wait and its cause, secrets hidden")
    func reconnectionsLogged() async throws {
        let transport = Self.eventStream { attempt in
            switch attempt {
            case 1: throw NetworkError(.cannotConnect, detail: "connection refused")
            case 2: (200, ["data: a\n\n"])
            default: (204, [])
            }
        }
        let entries = Locked<[LogEntry]>([])
        let (router, waits) = Self.recordingRouter(transport) { configuration in
            configuration.logger = NetworkLogger(sink: .entries { entry in entries.withLock { $0.append(entry) } })
        }
        var endpoint = TestEndpoint()
        endpoint.path = "feed"
        endpoint.task = .requestParameters(
            bodyParameters: nil, bodyEncoding: .urlEncoding, urlParameters: ["api_key": "SECRET"])
        var policy = EventStreamReconnection(initialDelay: 2, jitter: 0)
        policy.minimumDelay = 0
        let (data, error) = await collect(router.events(endpoint, reconnection: policy))
        #expect(data == ["a"] && error == nil)
        let reconnects = entries.withLock { $0.filter { $0.event == .reconnect } }
        #expect(waits.withLock { $0 } == [2, 2])
        #expect(reconnects.map(\.attempt) == [1, 1])
        let texts = reconnects.map(\.text)
        #expect(texts.first?.hasPrefix("↻ GET https://api.example.com/3/feed?api_key=") == true)
        #expect(
            texts.first?.contains(
                "reconnecting in 2.0 s, after cannot connect to api.example.com:443 (connection refused)") == true,
            "\(texts)")
        #expect(texts.last?.hasSuffix("reconnecting in 2.0 s, after the connection ended") == true, "\(texts)")
        #expect(!texts.joined().contains("SECRET"))
    }

    @Test("HTTP 204 ends the loop normally, without an error and without reconnecting")
    func noContentEnds() async throws {
        let transport = ChunkedTransport { _ in (204, ["data: ignored\n\n"]) }
        let (data, error) = await collect(
            Router<TestEndpoint>(transport: transport).events(TestEndpoint(), reconnection: Self.fast))
        #expect(data.isEmpty)
        #expect(error == nil)
        #expect(transport.attempts.withLock { $0 } == 1)
    }

    @Test("Failing connections end the stream after maximumAttempts in a row, with the last error")
    func maximumAttempts() async throws {
        let transport = Self.eventStream { _ in throw NetworkError(.cannotConnect, detail: "refused") }
        var policy = Self.fast
        policy.maximumAttempts = 3
        let (_, error) = await collect(
            Router<TestEndpoint>(transport: transport).events(TestEndpoint(), reconnection: policy))
        #expect((error as? NetworkError)?.kind == .cannotConnect)
        #expect(transport.attempts.withLock { $0 } == 4)
    }

    @Test("Cancelling the loop's task stops the stream and its connection")
    func cancel() async throws {
        var transport = Self.eventStream { _ in (200, ["data: first\n\n"]) }
        transport.hold = true
        let router = Router<TestEndpoint>(transport: transport)
        let received = Locked(0)
        let task = Task {
            for try await _ in router.events(TestEndpoint()) { received.increment() }
        }
        #expect(await eventually { received.withLock { $0 } == 1 })
        task.cancel()
        await #expect(throws: (any Error).self) { try await task.value }
        #expect(await eventually { transport.stopped.withLock { $0 } == 1 })
    }

    @Test(
        "The wait grows with failures in a row, from the stream's retry time, up to the maximum",
        arguments: [
            (1, nil, 3.0), (2, nil, 6.0), (3, nil, 12.0), (10, nil, 60.0), (1, 0.5, 0.5), (3, 0.5, 2.0),
            (1, 0.0, 0.5), (2, 0.0, 1.0), (4, 0.001, 4.0), (1, -4.0, 0.5), (1, .nan, 0.5), (1, .infinity, 0.5),
            (Int.max, nil, 60.0),
        ] as [(Int, TimeInterval?, TimeInterval)])
    func delays(failures: Int, retry: TimeInterval?, expected: TimeInterval) {
        let policy = EventStreamReconnection(jitter: 0)
        #expect(policy.delay(afterFailures: failures, retry: retry) == expected)
    }

    @Test(
        "The floor holds whatever the policy says, and a wait of 0 still grows once connections fail",
        arguments: [
            (0.5, 0.0, 1, 0.0, 0.5), (2.0, 0.0, 1, 0.0, 2.0), (2.0, 1.0, 1, 0.0, 2.0), (0.0, 0.0, 1, 0.0, 0.0),
            (0.0, 60.0, 2, 3.0, 6.0), (0.0, 60.0, 1, 3.0, 0.0), (.nan, 0.0, 1, 0.0, 0.0),
        ] as [(TimeInterval, TimeInterval, Int, TimeInterval, TimeInterval)])
    func floor(
        minimum: TimeInterval, maximum: TimeInterval, failures: Int, initial: TimeInterval, expected: TimeInterval
    ) {
        var policy = EventStreamReconnection(initialDelay: initial, maximumDelay: maximum, jitter: 0.2)
        policy.minimumDelay = minimum
        let delay = policy.delay(afterFailures: failures, retry: 0)
        #expect(delay >= expected * 0.8 && delay <= max(expected * 1.2, minimum.isNaN ? 0 : minimum))
        #expect(delay >= (minimum.isNaN ? 0 : minimum))
    }

    @Test("retry: 0 and connections that close without an event: the waits start at the floor and grow")
    func retryZeroBacksOff() async throws {
        let transport = Self.eventStream { attempt in
            switch attempt {
            case 1...5, 7: (200, ["retry: 0\n: no event\n"])
            case 6: (200, ["data: x\n\n"])
            default: (204, [])
            }
        }
        let (router, waits) = Self.recordingRouter(transport)
        var policy = EventStreamReconnection()
        policy.jitter = 0
        let (data, error) = await collect(router.events(TestEndpoint(), reconnection: policy))
        #expect(data == ["x"])
        #expect(error == nil)
        // An event on the sixth connection starts the count again.
        #expect(waits.withLock { $0 } == [0.5, 1, 2, 4, 8, 0.5, 1])
    }

    @Test("With jitter, every wait is at least the floor, and fruitless connections never wait less than before")
    func jitteredWaits() async throws {
        let transport = Self.eventStream { attempt in attempt <= 12 ? (200, ["retry: 0\n"]) : (204, []) }
        let (router, waits) = Self.recordingRouter(transport)
        _ = await collect(router.events(TestEndpoint()))
        let recorded = waits.withLock { $0 }
        #expect(recorded.count == 12)
        #expect(recorded.allSatisfy { $0 >= EventStreamReconnection.defaultMinimumDelay })
        #expect(recorded.suffix(4).allSatisfy { $0 >= 60 * 0.8 })
    }

    @Test(
        "A line or an event over the router's limit ends the stream with responseTooLarge, without reconnecting",
        arguments: [
            (["data: " + String(repeating: "x", count: 40) + "\n\n"], 32),
            (["data: 0123456789\ndata: 0123456789\ndata: 0123456789\n", "data: 0123456789\n\n"], 40),
            ([String(repeating: "y", count: 20), String(repeating: "y", count: 20)], 32),
        ])
    func sizeLimits(chunks: [String], limit: Int) async throws {
        let transport = Self.eventStream { _ in (200, ["data: before\n\n"] + chunks) }
        let (router, waits) = Self.recordingRouter(transport) { configuration in
            configuration.maximumServerSentEventLineLength = 32
            configuration.maximumServerSentEventSize = 40
        }
        let (data, error) = await collect(router.events(TestEndpoint(), reconnection: Self.fast))
        #expect(data == ["before"])
        guard let failure = error as? NetworkError, let reported = failure.sizeLimit else {
            Issue.record("expected responseTooLarge, got \(String(describing: error))")
            return
        }
        #expect(reported == limit)
        #expect(failure.url != nil)
        #expect(transport.attempts.withLock { $0 } == 1)
        #expect(waits.withLock { $0 }.isEmpty)
    }
}
