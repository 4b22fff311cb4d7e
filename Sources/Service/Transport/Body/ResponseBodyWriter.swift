import Foundation

/// How a transport fills a ``ResponseBody``: chunks in order, then one end.
///
/// Call ``write(_:)`` from one thread at a time. Chunks written after the end, or after the consumer
/// stopped, are dropped. A transport that can pause its reads awaits ``waitForDemand()`` after each
/// chunk, so a slow consumer slows the transfer down instead of filling memory:
///
/// ```swift
/// for try await chunk in connection.chunks {
///     writer.write(chunk)
///     await writer.waitForDemand()
/// }
/// writer.finish()
/// ```
@_spi(Transport) public struct ResponseBodyWriter: Sendable {
    let channel: BodyChannel

    /// Delivers the next chunk of the body; `false` when the body has ended or its consumer stopped, so the
    /// transport can stop reading.
    @discardableResult
    public func write(_ chunk: Data) -> Bool {
        channel.write(chunk)
    }

    /// Returns once the consumer has taken all but the body's window of bytes (see
    /// `ResponseBody.makeStream(window:spillsPastWindow:onCancel:)`), or has stopped, or the body has ended.
    public func waitForDemand() async {
        await channel.waitForDemand()
    }

    /// Ends the body: it arrived whole.
    public func finish() {
        channel.finish()
    }

    /// Ends the body with `error`, which the consumer receives.
    public func fail(_ error: any Error) {
        channel.finish(throwing: error)
    }
}
