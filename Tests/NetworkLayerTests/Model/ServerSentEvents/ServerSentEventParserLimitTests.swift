import Foundation
import Testing

@_spi(Transport) @testable import NetworkLayer

@Suite("Server-Sent Events parsing: limits and large input")
struct ServerSentEventParserLimitTests {
    static func parser(line: Int = 16, event: Int = 32) -> ServerSentEventParser {
        var parser = ServerSentEventParser()
        (parser.maximumLineLength, parser.maximumEventSize) = (line, event)
        return parser
    }

    @Test("The defaults are 1 MiB a line and 16 MiB an event")
    func defaults() {
        let parser = ServerSentEventParser()
        #expect(parser.maximumLineLength == 1 << 20)
        #expect(parser.maximumEventSize == 16 << 20)
    }

    @Test(
        "A line or an event up to its limit passes; one byte more throws, however the stream is cut",
        arguments: [
            ("data: 0123456789\n\n", nil), ("data: 01234567890\n\n", .line), (": 012345678901234\n\n", .line),
            ("data: 0123456789\ndata: 0123456789\ndata: 0123456789\n\n", nil),
            ("data: 0123456789\ndata: 0123456789\ndata: 0123456789\ndata:\n\n", .event),
            ("data: 01234567890", .line), ("data: 0123456789\r\n\r\n", nil),
        ] as [(String, ServerSentEventSizeError.Part?)])
    func limits(stream: String, part: ServerSentEventSizeError.Part?) throws {
        let bytes = Array(stream.utf8)
        for size in [1, 3, bytes.count] {
            var parser = Self.parser()
            var thrown: ServerSentEventSizeError?
            do {
                for start in stride(from: 0, to: bytes.count, by: size) {
                    _ = try parser.parse(bytes[start..<min(start + size, bytes.count)])
                }
            } catch {
                thrown = error
            }
            #expect(thrown?.part == part, "chunks of \(size) bytes")
            if let part {
                #expect(thrown?.limit == (part == .line ? 16 : 32))
            }
        }
    }

    @Test("Once a limit is passed, every later call throws again")
    func staysFailed() {
        var parser = Self.parser()
        #expect(throws: ServerSentEventSizeError(.line, limit: 16)) {
            try parser.parse(Array("data: 01234567890".utf8))
        }
        #expect(throws: ServerSentEventSizeError(.line, limit: 16)) { try parser.parse(Array("\n\ndata: x\n\n".utf8)) }
    }

    @Test("A line that never ends is not held past the limit")
    func endlessLine() {
        var parser = ServerSentEventParser()
        parser.maximumLineLength = 64 * 1024
        let chunk = [UInt8](repeating: UInt8(ascii: "a"), count: 4 * 1024)
        var chunks = 0
        #expect(throws: ServerSentEventSizeError(.line, limit: 64 * 1024)) {
            while chunks < 1000 {
                chunks += 1
                _ = try parser.parse(chunk)
            }
        }
        #expect(chunks == 17)
    }

    /// Joining the lines was quadratic: a 5 MB event took 25 s of CPU. The benchmark `SSE parse 5 MB event`
    /// keeps the time; this keeps the result, with no clock.
    @Test("A 2 MiB event, of many short lines or of one line, arrives whole", arguments: [8, 2 << 20])
    func largeEvent(lineLength: Int) throws {
        let total = 2 << 20
        let line = "data: " + String(repeating: "x", count: lineLength) + "\n"
        let lines = total / lineLength
        let stream = Array(String(repeating: line, count: lines).utf8) + Array("\n".utf8)
        var parser = ServerSentEventParser()
        parser.maximumLineLength = 4 << 20
        var events: [ServerSentEvent] = []
        for start in stride(from: 0, to: stream.count, by: 64 * 1024) {
            events += try parser.parse(stream[start..<min(start + 64 * 1024, stream.count)])
        }
        let expected = Array(repeating: String(repeating: "x", count: lineLength), count: lines).joined(separator: "\n")
        #expect(events.count == 1)
        #expect(events.first?.data == expected)
    }
}
