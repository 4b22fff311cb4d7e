/// Why the Server-Sent Events parser stopped: a line, or the `data:` of one event, grew past its limit.
///
/// The parser holds a line until it ends and an event until it is dispatched, so without a limit a server
/// that never ends a line, or never ends an event, would fill the memory. ``Router/events(_:reconnection:)``
/// ends its loop with ``NetworkError/Kind/responseTooLarge`` for it, without reconnecting.
struct ServerSentEventSizeError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What outgrew its limit.
    enum Part: Sendable, Hashable {
        /// One line, in bytes, without its line end: the parser's `maximumLineLength`.
        case line
        /// The `data:` lines of one event joined with LF, in bytes: the parser's `maximumEventSize`.
        case event
    }

    /// What outgrew its limit.
    let part: Part
    /// The limit it passed, in bytes.
    let limit: Int

    /// Creates an error.
    init(_ part: Part, limit: Int) {
        self.part = part
        self.limit = limit
    }

    /// One line naming the part and the limit.
    var description: String {
        switch part {
        case .line: "event stream line longer than \(limit) bytes"
        case .event: "event stream event data larger than \(limit) bytes"
        }
    }
}
