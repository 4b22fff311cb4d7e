import Foundation

/// One entry of ``NetworkLogger``: the text it writes, and the same facts as fields, for loggers that
/// keep structured metadata.
///
/// Everything here is redacted already: ``url`` and ``text`` with the logger's ``Redactor``.
public struct LogEntry: Sendable, Hashable {
    /// What the entry reports.
    public enum Event: String, Sendable, Hashable {
        /// A request going out.
        case request
        /// A response that came back, whatever its status.
        case response
        /// A request that failed: it could not be built or sent, was cancelled, or a plugin turned its
        /// response into an error.
        case failure
        /// An event stream about to connect again (``Router/events(_:reconnection:)``): ``text`` says how
        /// long it waits, and after what.
        case reconnect
    }

    /// What the entry reports.
    public let event: Event
    /// The entry as ``NetworkLogger`` writes it; a request or response entry spans several lines. A sink may
    /// change it before it hands the entry on, to mark it for example.
    public var text: String
    /// The request's method.
    public let method: String
    /// The request's URL, secrets hidden.
    public let url: String
    /// The response's status, for ``Event/response`` and for a failure that carries a response.
    public let statusCode: Int?
    /// How long the attempt took, for ``Event/response`` and ``Event/failure``.
    public let duration: TimeInterval?
    /// Which attempt of the request this is, counting from 1.
    public let attempt: Int
    /// What went wrong, in one line, secrets hidden, for ``Event/failure``.
    public let failure: String?

    /// Creates an entry.
    init(
        event: Event,
        text: String,
        method: String,
        url: String,
        statusCode: Int? = nil,
        duration: TimeInterval? = nil,
        attempt: Int = 1,
        failure: String? = nil
    ) {
        self.event = event
        self.text = text
        self.method = method
        self.url = url
        self.statusCode = statusCode
        self.duration = duration
        self.attempt = attempt
        self.failure = failure
    }
}
