import Foundation

/// The body of a response, read as it arrives: an `AsyncSequence` of byte chunks.
///
/// ```swift
/// let response = try await transport.send(request)
/// for try await chunk in response.body {
///     consume(chunk)
/// }
/// ```
///
/// A body has one consumer: iterate it once, or ``collect(upTo:)`` it. Stopping early, by leaving the
/// loop, cancelling the consuming task or calling ``cancel()``, stops the transfer.
public struct ResponseBody: AsyncSequence, Sendable {
    let channel: BodyChannel
    /// What fills the body once it is read, for a body a transport gives as ``produced(window:by:)``.
    let producer: BodyProducer?
    /// Stops the transfer when the last copy of the body is gone before its end was read.
    private let lifetime: Lifetime

    init(channel: BodyChannel, producer: BodyProducer? = nil) {
        self.channel = channel
        self.producer = producer
        self.lifetime = Lifetime(channel)
    }

    /// A body that is already whole, for transports that receive bodies in one piece.
    @_spi(Transport) public init(_ data: Data) {
        self.init(channel: BodyChannel(whole: data))
    }

    /// The default window of a streamed body a transport fills (`makeStream(window:spillsPastWindow:onCancel:)`): 1 MB.
    @_spi(Transport) public static let defaultWindow = 1024 * 1024

    /// A body that a transport fills as chunks arrive, and the writer it fills it with.
    ///
    /// - Parameters:
    ///   - window: How many bytes may wait for the consumer in memory. Defaults to ``defaultWindow``.
    ///   - spillsPastWindow: What happens past the window. `false`, the default, is for a transport that
    ///     can pause its reads: `ResponseBodyWriter.waitForDemand()` holds it back until the consumer
    ///     catches up. `true` is for one that cannot (Foundation's on Linux): the bytes past the window
    ///     wait in a temporary file, which is gone once the body ends or is stopped, so memory stays
    ///     bounded whatever the consumer's pace.
    ///   - onCancel: Called once if the consumer stops before the body ended; the transport stops the
    ///     transfer there.
    @_spi(Transport) public static func makeStream(
        window: Int = ResponseBody.defaultWindow,
        spillsPastWindow: Bool = false,
        onCancel: (@Sendable () -> Void)? = nil
    ) -> (body: ResponseBody, writer: ResponseBodyWriter) {
        let channel = BodyChannel(window: window, spillsPastWindow: spillsPastWindow, onCancel: onCancel)
        return (ResponseBody(channel: channel), ResponseBodyWriter(channel: channel))
    }

    /// A body that `produce` fills once its consumer reads it, for a transport that pulls its bytes.
    ///
    /// `produce` writes the chunks with the writer it is given, awaiting `ResponseBodyWriter.waitForDemand()`
    /// after each, and ends the body with `finish()` or `fail(_:)`; it stops early when `write(_:)` returns
    /// `false` or its task is cancelled, which is how it learns that the consumer stopped. A body the router
    /// collects whole is filled in the request's own task, without a hop to another thread; any other
    /// consumer gets `produce` in a task of its own. A body never read never runs it.
    ///
    /// ```swift
    /// ResponseBody.produced { writer in
    ///     do {
    ///         for try await chunk in connection.chunks {
    ///             guard writer.write(chunk) else { return }
    ///             await writer.waitForDemand()
    ///         }
    ///         writer.finish()
    ///     } catch {
    ///         writer.fail(error)
    ///     }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - window: How many bytes may wait for a consumer that reads chunk by chunk. Defaults to ``defaultWindow``.
    ///   - produce: Fills the body; returning without ending it ends it as cancelled.
    @_spi(Transport) public static func produced(
        window: Int = ResponseBody.defaultWindow,
        by produce: @escaping @Sendable (ResponseBodyWriter) async -> Void
    ) -> ResponseBody {
        let producer = BodyProducer(produce)
        return ResponseBody(channel: BodyChannel(window: window, onCancel: producer.stop), producer: producer)
    }

    /// Reads the whole body into memory.
    ///
    /// - Parameter limit: The most bytes to keep; a larger body stops the transfer and throws
    ///   a ``NetworkError`` of kind ``NetworkError/Kind/responseTooLarge``. `nil` for no limit.
    public func collect(upTo limit: Int? = nil) async throws -> Data {
        try await collect(upTo: limit, expectedLength: nil, received: nil)
    }

    /// The first `count` bytes of the body, or all of it when it is shorter; the rest is not read.
    func collect(first count: Int) async throws -> Data {
        var data = Data()
        for try await chunk in self {
            data.append(chunk.prefix(count - data.count))
            if data.count >= count {
                cancel()
                break
            }
        }
        return data
    }

    /// Hands each chunk to `sink` on the thread that received it, and returns once the body has ended.
    ///
    /// The way to write a body somewhere without a hop per chunk: a download writes each chunk to its file here.
    ///
    /// With `fillingHere`, a body given as ``produced(window:by:)`` is filled in the calling task, each chunk
    /// going straight to `sink`: only for a caller whose task is what stops it (the router's request task,
    /// which ``Router/cancel()`` and deadlines cancel), since a producer in the caller's task notices
    /// ``cancel()`` only at its next chunk.
    func drain(fillingHere: Bool = false, into sink: @escaping @Sendable (Data) throws -> Void) async throws {
        guard channel.claim() else { throw ResponseBodyError.alreadyConsumed }
        if let producer {
            let writer = ResponseBodyWriter(channel: channel)
            if fillingHere {
                channel.attach(sink)
                _ = await producer.runHere(writing: writer)
            } else {
                producer.start(writing: writer)
            }
        }
        try await channel.drain(into: sink)
    }

    /// The bytes that arrived and wait for the consumer: in memory, and on disk past the window.
    package var backlog: (memory: Int, disk: Int) { channel.backlog }

    /// Stops the transfer; a consumer waiting for a chunk gets `CancellationError`.
    public func cancel() {
        channel.stop()
    }

    /// Creates the iterator of the one loop that reads this body.
    public func makeAsyncIterator() -> Iterator {
        Iterator(body: self)
    }

    /// Reads a ``ResponseBody`` chunk by chunk.
    public struct Iterator: AsyncIteratorProtocol {
        private let body: ResponseBody
        private let lifetime: Lifetime
        private var claimed = false

        init(body: ResponseBody) {
            self.body = body
            self.lifetime = Lifetime(body.channel)
        }

        /// The next chunk, as the transport received it, or `nil` once the body has ended.
        public mutating func next() async throws -> Data? {
            if !claimed {
                guard body.channel.claim() else { throw ResponseBodyError.alreadyConsumed }
                claimed = true
                body.producer?.start(writing: ResponseBodyWriter(channel: body.channel))
            }
            return try await body.channel.next()
        }
    }

    /// Stops the transfer when released, unless the body had ended by then.
    final class Lifetime: Sendable {
        private let channel: BodyChannel

        init(_ channel: BodyChannel) {
            self.channel = channel
        }

        deinit {
            channel.stop()
        }
    }
}

/// Why a ``ResponseBody`` could not be read.
public enum ResponseBodyError: Error, Sendable, Hashable {
    /// The body was already read, by another loop or by ``ResponseBody/collect(upTo:)``.
    case alreadyConsumed
}
