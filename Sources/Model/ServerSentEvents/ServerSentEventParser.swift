import Foundation

/// Turns the bytes of a `text/event-stream` body into ``ServerSentEvent`` values, chunk by chunk, by the
/// WHATWG HTML standard's "event stream interpretation".
///
/// ```swift
/// var parser = ServerSentEventParser()
/// for try await chunk in body {
///     for event in parser.parse(chunk) { handle(event) }
/// }
/// ```
///
/// The stream is UTF-8, after one optional byte order mark at its very start. Lines end with CRLF, LF or CR,
/// also where a line end, or a character, falls between two chunks. A line starting with `:` is a comment;
/// a line without a colon is a field with an empty value; one space after the colon is not part of the
/// value. An empty line dispatches the event: `data:` lines joined with LF, the type from `event:`
/// (`message` without one), the last event ID from `id:` (one containing NUL is ignored; an empty one
/// resets it) and the reconnection time from a `retry:` of ASCII digits only. A block without any `data:`
/// field dispatches nothing, and an event not ended by an empty line when the stream ends is dropped.
public struct ServerSentEventParser: Sendable {
    /// The bytes of the line being read.
    private var line: [UInt8] = []
    /// Whether the previous byte ended a line with CR, so that an LF right after it belongs to that line end.
    private var afterCR = false
    /// Whether no line has ended yet: the first line may start with a byte order mark.
    private var atStart = true
    /// The `data:` lines of the event being read, joined with LF; `nil` before its first one.
    private var data: String?
    private var eventType = ""

    /// The last event ID in effect: `nil` before the first `id:` field, or after an empty one.
    public private(set) var currentEventID: String?
    /// The reconnection time the stream asked for, in seconds, if it did.
    public private(set) var reconnectionTime: TimeInterval?

    /// Creates a parser for a new stream; a stream that resumes an earlier one continues with its last event ID
    /// and reconnection time.
    public init(lastEventID: String? = nil, reconnectionTime: TimeInterval? = nil) {
        self.currentEventID = lastEventID?.isEmpty == false ? lastEventID : nil
        self.reconnectionTime = reconnectionTime
    }

    /// Reads the next bytes of the stream and returns the events they completed, in order.
    public mutating func parse(_ bytes: some Sequence<UInt8>) -> [ServerSentEvent] {
        var events: [ServerSentEvent] = []
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "\n") where afterCR:
                afterCR = false
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                afterCR = byte == UInt8(ascii: "\r")
                if let event = endLine() { events.append(event) }
            default:
                afterCR = false
                line.append(byte)
            }
        }
        return events
    }

    /// Handles the line read so far; the event it dispatched, if any.
    private mutating func endLine() -> ServerSentEvent? {
        defer {
            line.removeAll(keepingCapacity: true)
            atStart = false
        }
        var start = line.startIndex
        if atStart, line.starts(with: [0xEF, 0xBB, 0xBF]) { start += 3 }
        let text = line[start...]
        if text.isEmpty { return dispatch() }
        if text.first == UInt8(ascii: ":") { return nil }
        guard let colon = text.firstIndex(of: UInt8(ascii: ":")) else {
            process(field: String(decoding: text, as: UTF8.self), value: "")
            return nil
        }
        var valueStart = colon + 1
        if valueStart < text.endIndex, text[valueStart] == UInt8(ascii: " ") { valueStart += 1 }
        process(
            field: String(decoding: text[..<colon], as: UTF8.self),
            value: String(decoding: text[valueStart...], as: UTF8.self))
        return nil
    }

    private mutating func process(field: String, value: String) {
        switch field {
        case "event":
            eventType = value
        case "data":
            data = data.map { $0 + "\n" + value } ?? value
        case "id":
            if !value.unicodeScalars.contains("\0") { currentEventID = value.isEmpty ? nil : value }
        case "retry":
            if !value.isEmpty, value.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
                let milliseconds = Int(value)
            {
                reconnectionTime = TimeInterval(milliseconds) / 1000
            }
        default:
            break
        }
    }

    private mutating func dispatch() -> ServerSentEvent? {
        defer { (data, eventType) = (nil, "") }
        guard let data else { return nil }
        return ServerSentEvent(
            event: eventType.isEmpty ? "message" : eventType, data: data, id: currentEventID, retry: reconnectionTime)
    }
}
