import Foundation

/// Turns the bytes of a `text/event-stream` body into ``ServerSentEvent`` values, chunk by chunk, by the
/// WHATWG HTML standard's "event stream interpretation".
///
/// `Router.events(_:reconnection:)` runs one per connection; the parser is internal, so that its limits
/// and its errors reach users as the router's.
///
/// The stream is UTF-8, after one optional byte order mark at its very start. Lines end with CRLF, LF or CR,
/// also where a line end, or a character, falls between two chunks. A line starting with `:` is a comment;
/// a line without a colon is a field with an empty value; one space after the colon is not part of the
/// value. An empty line dispatches the event: `data:` lines joined with LF, the type from `event:`
/// (`message` without one), the last event ID from `id:` (one containing NUL is ignored; an empty one
/// resets it) and the reconnection time from a `retry:` of ASCII digits only. A block without any `data:`
/// field dispatches nothing, and an event not ended by an empty line when the stream ends is dropped.
///
/// Memory and time are bounded by the input: a line may hold at most ``maximumLineLength`` bytes and an
/// event's joined `data:` at most ``maximumEventSize``; past either, ``parse(_:)`` throws a
/// ``ServerSentEventSizeError``, and so does every later call. Each byte is looked at a bounded number of
/// times, so parsing takes time linear in the stream, however its events are split into lines.
struct ServerSentEventParser: Sendable {
    /// The default for ``maximumLineLength``: 1 MiB, far beyond any line a feed sends, yet small enough that
    /// a server that never ends a line cannot grow the memory by more.
    static let defaultMaximumLineLength = 1 << 20
    /// The default for ``maximumEventSize``: 16 MiB, the most one event's `data:` may hold.
    static let defaultMaximumEventSize = 16 << 20

    /// The longest line, in bytes without its line end, that the parser holds. Defaults to
    /// ``defaultMaximumLineLength``.
    var maximumLineLength = ServerSentEventParser.defaultMaximumLineLength
    /// The most bytes one event's `data:` lines may hold, joined with LF. Defaults to ``defaultMaximumEventSize``.
    var maximumEventSize = ServerSentEventParser.defaultMaximumEventSize

    /// The bytes of the line being read.
    private var line: [UInt8] = []
    /// Whether the previous byte ended a line with CR, so that an LF right after it belongs to that line end.
    private var afterCR = false
    /// Whether no line has ended yet: the first line may start with a byte order mark.
    private var atStart = true
    /// The `data:` lines of the event being read, as bytes joined with LF; decoded once, when it is dispatched.
    private var data: [UInt8] = []
    /// Whether the event being read has a `data:` field, which may be empty.
    private var hasData = false
    private var eventType = ""
    /// The limit passed, which every later call throws again.
    private var failure: ServerSentEventSizeError?

    /// The last event ID in effect: `nil` before the first `id:` field, or after an empty one.
    private(set) var currentEventID: String?
    /// The reconnection time the stream asked for, in seconds, if it did.
    private(set) var reconnectionTime: TimeInterval?

    /// Creates a parser for a new stream; a stream that resumes an earlier one continues with its last event ID
    /// and reconnection time.
    init(lastEventID: String? = nil, reconnectionTime: TimeInterval? = nil) {
        self.currentEventID = lastEventID?.isEmpty == false ? lastEventID : nil
        self.reconnectionTime = reconnectionTime
    }

    /// Reads the next bytes of the stream and returns the events they completed, in order.
    ///
    /// - Throws: ``ServerSentEventSizeError`` when a line or an event outgrows its limit; the events this
    ///   call completed before it are dropped with it, and the parser stays failed.
    mutating func parse(_ bytes: some Sequence<UInt8>) throws(ServerSentEventSizeError) -> [ServerSentEvent] {
        if let failure { throw failure }
        var events: [ServerSentEvent] = []
        do throws(ServerSentEventSizeError) {
            for byte in bytes {
                switch byte {
                case UInt8(ascii: "\n") where afterCR:
                    afterCR = false
                case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                    afterCR = byte == UInt8(ascii: "\r")
                    if let event = try endLine() { events.append(event) }
                default:
                    afterCR = false
                    guard line.count < maximumLineLength else {
                        throw ServerSentEventSizeError(.line, limit: maximumLineLength)
                    }
                    line.append(byte)
                }
            }
        } catch {
            (line, data, failure) = ([], [], error)
            throw error
        }
        return events
    }

    /// Handles the line read so far; the event it dispatched, if any.
    private mutating func endLine() throws(ServerSentEventSizeError) -> ServerSentEvent? {
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
            try process(field: text, value: text[text.endIndex...])
            return nil
        }
        var valueStart = colon + 1
        if valueStart < text.endIndex, text[valueStart] == UInt8(ascii: " ") { valueStart += 1 }
        try process(field: text[..<colon], value: text[valueStart...])
        return nil
    }

    private mutating func process(field: ArraySlice<UInt8>, value: ArraySlice<UInt8>) throws(ServerSentEventSizeError) {
        if field.elementsEqual("data".utf8) {
            let added = value.count + (hasData ? 1 : 0)
            guard added <= maximumEventSize - data.count else {
                throw ServerSentEventSizeError(.event, limit: maximumEventSize)
            }
            if hasData { data.append(UInt8(ascii: "\n")) }
            data.append(contentsOf: value)
            hasData = true
        } else if field.elementsEqual("event".utf8) {
            eventType = String(decoding: value, as: UTF8.self)
        } else if field.elementsEqual("id".utf8) {
            if !value.contains(0) { currentEventID = value.isEmpty ? nil : String(decoding: value, as: UTF8.self) }
        } else if field.elementsEqual("retry".utf8) {
            if !value.isEmpty, value.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
                let milliseconds = Int(String(decoding: value, as: UTF8.self))
            {
                reconnectionTime = TimeInterval(milliseconds) / 1000
            }
        }
    }

    private mutating func dispatch() -> ServerSentEvent? {
        defer {
            data.removeAll(keepingCapacity: true)
            (hasData, eventType) = (false, "")
        }
        guard hasData else { return nil }
        return ServerSentEvent(
            event: eventType.isEmpty ? "message" : eventType, data: String(decoding: data, as: UTF8.self),
            id: currentEventID, retry: reconnectionTime)
    }
}
