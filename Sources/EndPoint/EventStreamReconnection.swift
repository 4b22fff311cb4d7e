import Foundation

/// When ``Router/events(_:reconnection:)`` connects again after a stream dropped, as a browser's
/// `EventSource` does, and when a WebSocket whose endpoint opts in (``WebSocketOptions/reconnection``) does.
///
/// The wait starts at the stream's own `retry:` time, or ``initialDelay`` until the server sends one, but never
/// below ``minimumDelay``, and grows by ``backoffMultiplier`` with every further connection that failed or
/// delivered no event, up to ``maximumDelay``, spread by ``jitter``. A connection that delivered an event
/// starts the count again. A WebSocket has no `retry:` and counts messages as events.
///
/// So a server cannot make the client reconnect in a tight loop: with `retry: 0` and connections that close
/// at once, the defaults wait 0.5, 1, 2, 4 … seconds, then a minute between connections, for as long as the
/// loop runs. The number of such connections is not limited by default, as a browser's `EventSource` does
/// not give up either; set ``maximumAttempts`` to end the stream after that many in a row.
public struct EventStreamReconnection: Sendable, Hashable {
    /// The wait before reconnecting until the stream sends `retry:`, in seconds. Defaults to 3, as browsers do.
    public var initialDelay: TimeInterval
    /// How much longer each further wait is, after connections that delivered nothing. Defaults to 2.
    public var backoffMultiplier: Double
    /// The longest wait, in seconds. Defaults to 60.
    public var maximumDelay: TimeInterval
    /// How far each wait may be shortened or lengthened at random, as a fraction of it. Defaults to 0.2.
    public var jitter: Double
    /// How many connections in a row may fail before the stream ends with the last error; `nil` for no limit.
    /// Defaults to `nil`.
    public var maximumAttempts: Int?
    /// The shortest wait, in seconds, whatever the stream's `retry:` asks for. Defaults to half a second,
    /// so a stream that delivers an event and closes every time opens at most two connections a second; 0
    /// lets the server's `retry: 0` reconnect at once (the wait still grows from ``initialDelay`` once
    /// connections fail without an event).
    public var minimumDelay = EventStreamReconnection.defaultMinimumDelay

    /// The default for ``minimumDelay``: half a second, so a stream that delivers an event and closes every
    /// time opens at most two connections a second.
    static let defaultMinimumDelay: TimeInterval = 0.5

    /// Creates a policy; every parameter defaults to the value its property describes.
    public init(
        initialDelay: TimeInterval = 3,
        backoffMultiplier: Double = 2,
        maximumDelay: TimeInterval = 60,
        jitter: Double = 0.2,
        maximumAttempts: Int? = nil
    ) {
        self.initialDelay = initialDelay
        self.backoffMultiplier = backoffMultiplier
        self.maximumDelay = maximumDelay
        self.jitter = jitter
        self.maximumAttempts = maximumAttempts
    }

    /// Never reconnect: the stream ends when its connection does.
    public static let never = EventStreamReconnection(maximumAttempts: 0)

    /// The wait before connection `failures` + 1, after `failures` (from 1) in a row, given the stream's
    /// `retry:` time, if it sent one: never less than ``minimumDelay``, nor more than ``maximumDelay`` (or
    /// ``minimumDelay`` when it is larger) before the jitter. Values that are not finite or are negative count
    /// as 0.
    func delay(afterFailures failures: Int, retry: TimeInterval?) -> TimeInterval {
        let floor = Self.sanitized(minimumDelay)
        var base = max(Self.sanitized(retry ?? initialDelay), floor)
        if base == 0, failures > 1 { base = Self.sanitized(initialDelay) }
        guard base > 0 else { return 0 }
        let grown = base * pow(max(Self.sanitized(backoffMultiplier), 1), Double(max(failures - 1, 0)))
        let ceiling = max(Self.sanitized(maximumDelay), floor)
        let capped = grown.isFinite ? min(grown, ceiling) : ceiling
        let spread = min(max(Self.sanitized(jitter), 0), 1)
        return max(capped * Double.random(in: (1 - spread)...(1 + spread)), floor)
    }

    private static func sanitized(_ value: Double) -> Double {
        value.isFinite && value > 0 ? value : 0
    }
}
