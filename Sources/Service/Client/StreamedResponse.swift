import Foundation

/// A response whose body is still arriving, returned by ``Router/stream(_:)``.
///
/// Its status is one the endpoint accepts; the body is read once, as chunks (``body``) or as lines of
/// text (``ResponseBody/lines``). Leaving the loop early, cancelling the reading task or ``Router/cancel()`` stops the
/// transfer and closes the connection.
public struct StreamedResponse: Sendable {
    /// The request as it was sent and the response head. Its `data` is empty: the bytes come through ``body``.
    public let response: Response
    /// The body, in chunks, in the order they arrive.
    public let body: ResponseBody
}
