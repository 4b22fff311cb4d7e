import Benchmark
import Foundation
import NetworkLayer

/// Parsing one 5 MB Server-Sent Event, cut into 64 KiB chunks as a transport delivers it: of many short
/// `data:` lines (joining them was quadratic: 25 s of CPU), and of one long line. The chunks go through
/// `Router.events(_:reconnection:)` over a `StubTransport`, the public path to the parser.
enum ServerSentEventBenchmarks {
    static let size = 5_000_000
    static let chunkSize = 64 * 1024

    static func register() {
        for (label, lineLength) in [("short data lines", 16), ("one line", size)] {
            let (chunks, expected) = stream(lineLength: lineLength)
            Benchmark("SSE parse 5 MB event: \(label)", configuration: configuration) {
                (benchmark: Benchmark) async throws in
                for _ in benchmark.scaledIterations { blackHole(try await parse(chunks)) }
            } setup: {
                let events = try await parse(chunks)
                try expect(
                    events.count == 1 && events.first?.data.utf8.count == expected, "one event of \(expected) bytes")
            }
        }
    }

    /// The chunks of a stream holding one event of about ``size`` bytes of data, and the size of its data.
    private static func stream(lineLength: Int) -> (chunks: [String], dataSize: Int) {
        let lines = size / lineLength
        let line = Data(("data: " + String(repeating: "x", count: lineLength) + "\n").utf8)
        var bytes = Data(capacity: lines * line.count + 1)
        for _ in 0..<lines { bytes.append(line) }
        bytes.append(UInt8(ascii: "\n"))
        let chunks = stride(from: 0, to: bytes.count, by: chunkSize).map {
            String(decoding: bytes.subdata(in: $0..<min($0 + chunkSize, bytes.count)), as: UTF8.self)
        }
        return (chunks, lines * (lineLength + 1) - 1)
    }

    private static func parse(_ chunks: [String]) async throws -> [ServerSentEvent] {
        var configuration = RouterConfiguration()
        configuration.maximumServerSentEventLineLength = 2 * size
        let stub = StubTransport<EventFeed> { _ in
            .stream(headers: ["Content-Type": "text/event-stream"], chunks: chunks)
        }
        var events: [ServerSentEvent] = []
        for try await event in Router(configuration: configuration, stub: stub).events(.feed, reconnection: .never) {
            events.append(event)
        }
        return events
    }

    /// The one endpoint: a feed that sends the stream once.
    enum EventFeed: EndPointType {
        case feed
        var baseURL: URL { URL(string: "https://events.example")! }
        var path: String { "events" }
    }

    /// One parse per iteration; the stream is parsed on other threads, so the CPU time is the process's.
    private static var configuration: Benchmark.Configuration {
        .init(
            metrics: [.wallClock, .cpuTotal, .mallocCountTotal, .throughput],
            warmupIterations: Settings.isSmoke ? 0 : 2,
            scalingFactor: .one,
            maxDuration: Settings.isSmoke ? .milliseconds(100) : .seconds(5),
            maxIterations: Settings.isSmoke ? 1 : 30
        )
    }
}
