import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The events of an endpoint that answers with `text/event-stream`, returned by ``Router/events(_:reconnection:)``.
///
/// Each loop over it opens the stream and keeps it open: when the connection drops or fails, it waits as
/// ``EventStreamReconnection`` says and connects again with `Last-Event-ID`, so that the server can go on
/// where it stopped. HTTP 204 — the server's way to say there are no more events — ends the loop normally.
/// A status the endpoint does not accept (a 401 after credentials were refreshed, a 5xx, …) or a
/// `Content-Type` other than `text/event-stream` ends it with a ``NetworkError`` instead, without
/// reconnecting; so does a line or an event larger than the router's
/// ``RouterConfiguration/maximumServerSentEventLineLength`` or ``RouterConfiguration/maximumServerSentEventSize``,
/// with ``NetworkError/Kind/responseTooLarge``. Leave the loop or cancel its task to stop.
public struct ServerSentEvents<EndPoint: EndPointType>: AsyncSequence, Sendable {
    let router: Router<EndPoint>
    let route: EndPoint
    let reconnection: EventStreamReconnection

    /// Creates the iterator of one loop, which opens a stream of its own.
    public func makeAsyncIterator() -> Iterator {
        Iterator(events: self)
    }

    /// Reads ``ServerSentEvents`` event by event, reconnecting as needed.
    public struct Iterator: AsyncIteratorProtocol {
        private let events: ServerSentEvents
        private var chunks: ResponseBody.Iterator?
        /// The request of the current connection, which names it in errors.
        private var request: URLRequest?
        private var parser: ServerSentEventParser
        /// Events parsed and not yet returned, the next one last.
        private var ready: [ServerSentEvent] = []
        /// Connections in a row that failed or delivered no event.
        private var failures = 0
        private var ended = false

        init(events: ServerSentEvents) {
            self.events = events
            self.parser = events.router.configuration.eventParser()
        }

        /// The next event; `nil` once the stream ended for good.
        public mutating func next() async throws -> ServerSentEvent? {
            while true {
                if let event = ready.popLast() { return event }
                if ended { return nil }
                do {
                    if chunks == nil {
                        try await connect()
                        if ended { return nil }
                    }
                    guard let chunk = try await chunks?.next() else {
                        try await reconnect(after: nil)
                        continue
                    }
                    ready = try parser.parse(chunk).reversed()
                    if !ready.isEmpty { failures = 0 }
                } catch let error as ServerSentEventSizeError {
                    (chunks, ended) = (nil, true)
                    throw NetworkError(.responseTooLarge, detail: error.description).naming(request)
                } catch let error as NetworkError where error.isReconnectable {
                    try await reconnect(after: error)
                } catch {
                    ended = true
                    throw error
                }
            }
        }

        private mutating func connect() async throws {
            var headers: HTTPHeaders = ["Accept": "text/event-stream", "Cache-Control": "no-cache"]
            if let lastEventID = parser.currentEventID { headers.update(name: "Last-Event-ID", value: lastEventID) }
            let streamed = try await events.router.stream(events.route, headers: headers)
            if streamed.response.statusCode == 204 {
                streamed.body.cancel()
                ended = true
                return
            }
            guard streamed.response.head.isEventStream else {
                streamed.body.cancel()
                let contentType = streamed.response.head.value(for: "Content-Type").map { "\"\($0)\"" } ?? "missing"
                let detail = "ServerSentEvent: Content-Type is \(contentType), not text/event-stream"
                throw NetworkError(.decodingFailed, response: streamed.response, detail: detail)
            }
            chunks = streamed.body.makeAsyncIterator()
            request = streamed.response.request
        }

        /// Drops the connection and waits before the next one; throws `error` once too many failed in a row.
        private mutating func reconnect(after error: (any Error)?) async throws {
            chunks = nil
            parser = events.router.configuration.eventParser(
                lastEventID: parser.currentEventID, reconnectionTime: parser.reconnectionTime)
            failures += 1
            if let maximum = events.reconnection.maximumAttempts, failures > maximum {
                ended = true
                if let error { throw error }
                return
            }
            let delay = events.reconnection.delay(afterFailures: failures, retry: parser.reconnectionTime)
            if let logger = events.router.configuration.logger,
                let request = request ?? (try? events.router.makeRequest(for: events.route))
            {
                logger.log(reconnecting: request, in: delay, after: error as? NetworkError, attempt: failures)
            }
            try await events.router.configuration.sleep(delay)
        }
    }
}

extension RouterConfiguration {
    /// A parser with this configuration's limits, resuming a stream at `lastEventID` if it has one.
    fileprivate func eventParser(lastEventID: String? = nil, reconnectionTime: TimeInterval? = nil)
        -> ServerSentEventParser
    {
        var parser = ServerSentEventParser(lastEventID: lastEventID, reconnectionTime: reconnectionTime)
        parser.maximumLineLength = maximumServerSentEventLineLength
        parser.maximumEventSize = maximumServerSentEventSize
        return parser
    }
}

extension ResponseHead {
    /// Whether the `Content-Type` is `text/event-stream`, whatever its parameters and case.
    fileprivate var isEventStream: Bool {
        let type = value(for: "Content-Type")?.split(separator: ";").first?.trimmingCharacters(in: .whitespaces)
        return type?.lowercased() == "text/event-stream"
    }
}

extension NetworkError {
    /// Whether an event stream that failed with this error connects again: a lost, refused or timed-out
    /// connection does; a refused status, a bad request or a cancellation does not.
    fileprivate var isReconnectable: Bool {
        kind.isConnectionFailure
    }
}
