import Foundation

extension Router {
    /// The Server-Sent Events of `route`, an endpoint that answers with `text/event-stream`.
    ///
    /// ```swift
    /// for try await event in router.events(.scores(match: 42)) {
    ///     print(event.event, event.data)
    /// }
    /// ```
    ///
    /// Each loop sends the request with `Accept: text/event-stream` and `Cache-Control: no-cache`, and
    /// reconnects after a dropped connection with `Last-Event-ID` (see ``ServerSentEvents``). Plugins,
    /// credentials, retries and redirects apply to every connection as to ``stream(_:)``.
    public func events(
        _ route: EndPoint,
        reconnection: EventStreamReconnection = EventStreamReconnection()
    ) -> ServerSentEvents<EndPoint> {
        ServerSentEvents(router: self, route: route, reconnection: reconnection)
    }
}
