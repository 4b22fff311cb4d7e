import Benchmark
import Foundation
import NetworkLayer

/// Parsing one 5 MB Server-Sent Event, cut into 64 KiB chunks as a transport delivers it: of many short
/// `data:` lines (joining them was quadratic: 25 s of CPU), and of one long line.
enum ServerSentEventBenchmarks {
    static let size = 5_000_000
    static let chunkSize = 64 * 1024

    static func register() {
        for (label, lineLength) in [("short data lines", 16), ("one line", size)] {
            let (chunks, expected) = stream(lineLength: lineLength)
            Benchmark("SSE parse 5 MB event: \(label)", configuration: configuration) { (benchmark: Benchmark) throws in
                try ThreadCPUTime.measure(benchmark) { blackHole(try parse(chunks)) }
            } setup: {
                let events = try parse(chunks)
                try expect(
                    events.count == 1 && events.first?.data.utf8.count == expected, "one event of \(expected) bytes")
            }
        }
    }

    /// The chunks of a stream holding one event of about ``size`` bytes of data, and the size of its data.
    private static func stream(lineLength: Int) -> (chunks: [Data], dataSize: Int) {
        let lines = size / lineLength
        let line = Data(("data: " + String(repeating: "x", count: lineLength) + "\n").utf8)
        var bytes = Data(capacity: lines * line.count + 1)
        for _ in 0..<lines { bytes.append(line) }
        bytes.append(UInt8(ascii: "\n"))
        let chunks = stride(from: 0, to: bytes.count, by: chunkSize).map {
            bytes.subdata(in: $0..<min($0 + chunkSize, bytes.count))
        }
        return (chunks, lines * (lineLength + 1) - 1)
    }

    private static func parse(_ chunks: [Data]) throws -> [ServerSentEvent] {
        var parser = ServerSentEventParser()
        parser.maximumLineLength = 2 * size
        var events: [ServerSentEvent] = []
        for chunk in chunks { events += try parser.parse(chunk) }
        return events
    }

    /// One parse per iteration, timed on the thread's CPU.
    private static var configuration: Benchmark.Configuration {
        .init(
            metrics: [.wallClock, ThreadCPUTime.metric, .mallocCountTotal, .throughput],
            warmupIterations: Settings.isSmoke ? 0 : 2,
            scalingFactor: .one,
            maxDuration: Settings.isSmoke ? .milliseconds(100) : .seconds(5),
            maxIterations: Settings.isSmoke ? 1 : 30
        )
    }
}
