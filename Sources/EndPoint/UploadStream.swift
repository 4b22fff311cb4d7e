import Foundation

/// A request body produced as it is sent, for adapters that hand a router a body of their own (see
/// `Router.stream(_:upload:)`).
///
/// Every attempt (a retry, a resend after a refreshed credential) asks ``chunks`` for the body anew; a source
/// that can be read only once throws from the second stream it makes, which fails that attempt.
@_spi(Transport) public struct UploadStream: Sendable {
    /// The body's size in bytes, when it is known before sending; sent as `Content-Length`.
    @_spi(Transport) public let length: Int64?
    /// Makes the body's chunks for one attempt.
    @_spi(Transport) public let chunks: @Sendable () -> AsyncThrowingStream<Data, any Error>

    /// Creates a body of `length` bytes (unknown when `nil`) whose chunks `chunks` makes for each attempt.
    @_spi(Transport) public init(
        length: Int64?, chunks: @escaping @Sendable () -> AsyncThrowingStream<Data, any Error>
    ) {
        self.length = length
        self.chunks = chunks
    }
}
