import Foundation

/// One event of a `text/event-stream` body (Server-Sent Events).
///
/// ```text
/// event: score
/// id: 42
/// data: {"home": 1,
/// data:  "away": 0}
///
/// ```
///
/// arrives as `ServerSentEvent(event: "score", data: "{\"home\": 1,\n \"away\": 0}", id: "42")`.
public struct ServerSentEvent: Sendable, Hashable {
    /// The event's type: the stream's `event:` field, or `"message"` when it named none.
    public var event: String
    /// The event's `data:` lines, joined with LF; empty for an event sent with an empty `data:` field.
    public var data: String
    /// The last event ID in effect when the event was dispatched: the latest `id:` field of the stream,
    /// which also outlives its event; `nil` before the first one, or after an empty `id:` reset it.
    public var id: String?
    /// The reconnection time the stream asked for with its latest `retry:` field, in seconds, if any.
    public var retry: TimeInterval?

    /// Creates an event.
    public init(event: String = "message", data: String, id: String? = nil, retry: TimeInterval? = nil) {
        self.event = event
        self.data = data
        self.id = id
        self.retry = retry
    }
}
