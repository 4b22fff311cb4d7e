import Foundation

@testable import NetworkLayer

// Server-Sent Events: ServerSentEventParser against a second reading of the same rules.
//
// The input's first byte picks a chunk size (1 to 64 bytes); the rest is the stream. Invariants: no input
// traps; the events do not depend on how the stream is cut into chunks; they equal those of a plain
// reading of the WHATWG rules over the whole stream decoded at once (`reference` below, written apart
// from the parser: whole-string decoding, Unicode scalars, no byte state); no event has an empty type, a
// CR in its data, or a NUL or line end in its ID. With small limits taken from the input (the second and
// third bytes), the parser throws exactly when a line, counted in bytes between CR and LF bytes, passes the
// line limit or the `data:` of an event passes the event limit, wherever the chunks are cut; the events it
// returned before are the first events of the unlimited parser, and every one of them fits the limits.

/// The WHATWG event stream interpretation over the whole stream, as directly as it reads.
private func reference(_ bytes: [UInt8]) -> [ServerSentEvent] {
    var scalars = Array(String(decoding: bytes, as: UTF8.self).unicodeScalars)
    if scalars.first == "\u{FEFF}" { scalars.removeFirst() }
    var lines: [String.UnicodeScalarView] = []
    var current = String.UnicodeScalarView()
    var index = 0
    while index < scalars.count {
        let scalar = scalars[index]
        if scalar == "\r" || scalar == "\n" {
            lines.append(current)
            current = String.UnicodeScalarView()
            if scalar == "\r", index + 1 < scalars.count, scalars[index + 1] == "\n" { index += 1 }
        } else {
            current.append(scalar)
        }
        index += 1
    }
    // A last line without a line end is never processed.

    var events: [ServerSentEvent] = []
    var data: String?
    var type = ""
    var lastID = ""
    var retry: TimeInterval?
    for line in lines {
        if line.isEmpty {
            if let text = data {
                events.append(
                    ServerSentEvent(
                        event: type.isEmpty ? "message" : type, data: text, id: lastID.isEmpty ? nil : lastID,
                        retry: retry))
            }
            (data, type) = (nil, "")
            continue
        }
        // Unicode scalars, not Characters: a combining mark after a colon must not hide it.
        if line.first == ":" { continue }
        var field = String(line)
        var value = ""
        if let colon = line.firstIndex(of: ":") {
            field = String(String.UnicodeScalarView(line[..<colon]))
            var rest = line[line.index(after: colon)...]
            if rest.first == " " { rest = rest.dropFirst() }
            value = String(String.UnicodeScalarView(rest))
        }
        switch field {
        case "event": type = value
        case "data": data = data.map { $0 + "\n" + value } ?? value
        case "id" where !value.unicodeScalars.contains("\0"): lastID = value
        case "retry" where !value.isEmpty && value.unicodeScalars.allSatisfy({ ("0"..."9").contains($0) }):
            if let milliseconds = Int(value) { retry = TimeInterval(milliseconds) / 1000 }
        default: break
        }
    }
    return events
}

/// libFuzzer's entry point: runs one input; returning means it passed.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    let chunkSize = Int(input.byte() % 64) + 1
    let lineLimit = Int(input.byte() % 32) + 1
    let eventLimit = Int(input.byte() % 64)
    let stream = Array(input.restData())

    var whole = ServerSentEventParser()
    let events = parseAll(&whole, stream, chunkSize: stream.count + 1).events
    fuzzCheck(whole.parseFailure == nil, "default limits passed by \(stream.count) bytes")

    var chunked = ServerSentEventParser()
    let chunkedEvents = parseAll(&chunked, stream, chunkSize: chunkSize).events
    fuzzCheck(chunkedEvents == events, "chunks of \(chunkSize) bytes gave \(chunkedEvents), whole \(events)")

    checkLimits(stream, events: events, chunkSize: chunkSize, line: lineLimit, event: eventLimit)

    let expected = reference(stream)
    fuzzCheck(events == expected, "parser \(events), reference \(expected) for \(stream)")
    for event in events {
        fuzzCheck(!event.event.isEmpty, "empty event type")
        fuzzCheck(!event.data.unicodeScalars.contains("\r"), "CR in data \(event.data.debugDescription)")
        if let id = event.id {
            fuzzCheck(!id.unicodeScalars.contains { $0 == "\0" || $0 == "\r" || $0 == "\n" }, "bad id \(id)")
        }
    }
    return 0
}

extension ServerSentEventParser {
    /// The error the last ``parseAll(_:_:chunkSize:)`` ended with; a second call throws it again.
    fileprivate var parseFailure: ServerSentEventSizeError? {
        var copy = self
        do {
            _ = try copy.parse([UInt8]())
            return nil
        } catch {
            return error
        }
    }
}

/// The events of `stream` fed in chunks, up to the first error, and that error.
private func parseAll(_ parser: inout ServerSentEventParser, _ stream: [UInt8], chunkSize: Int)
    -> (events: [ServerSentEvent], error: ServerSentEventSizeError?)
{
    var events: [ServerSentEvent] = []
    for start in stride(from: 0, to: stream.count, by: chunkSize) {
        do {
            events += try parser.parse(stream[start..<min(start + chunkSize, stream.count)])
        } catch {
            return (events, error)
        }
    }
    return (events, nil)
}

/// The size invariants, with a line limit of `line` bytes and an event limit of `event` bytes.
private func checkLimits(_ stream: [UInt8], events: [ServerSentEvent], chunkSize: Int, line: Int, event: Int) {
    func limited() -> ServerSentEventParser {
        var parser = ServerSentEventParser()
        (parser.maximumLineLength, parser.maximumEventSize) = (line, event)
        return parser
    }
    var whole = limited()
    let wholeResult = parseAll(&whole, stream, chunkSize: stream.count + 1)
    var chunked = limited()
    let chunkedResult = parseAll(&chunked, stream, chunkSize: chunkSize)
    fuzzCheck(
        wholeResult.error == chunkedResult.error,
        "limits \(line)/\(event): whole threw \(String(describing: wholeResult.error)), chunks of \(chunkSize) "
            + "threw \(String(describing: chunkedResult.error))")
    fuzzCheck(chunkedResult.events.elementsEqual(events.prefix(chunkedResult.events.count)), "events not a prefix")
    fuzzCheck(whole.parseFailure == wholeResult.error, "the parser did not stay failed")

    let longestLine =
        stream.split(omittingEmptySubsequences: false) { $0 == 0x0A || $0 == 0x0D }
        .map(\.count).max() ?? 0
    switch wholeResult.error?.part {
    case .line?:
        fuzzCheck(longestLine > line, "line limit \(line) thrown, longest line \(longestLine)")
    case .event?:
        fuzzCheck(stream.count > event, "event limit \(event) thrown for \(stream.count) bytes")
    case nil:
        fuzzCheck(longestLine <= line, "line of \(longestLine) bytes passed limit \(line)")
        fuzzCheck(wholeResult.events == events, "limits changed the events")
    }
    // Invalid bytes become U+FFFD: at most 3 bytes of text for each byte received.
    for parsed in wholeResult.events {
        fuzzCheck(parsed.data.utf8.count <= 3 * event, "event of \(parsed.data.utf8.count) bytes, limit \(event)")
    }
}
