#if AsyncHTTPClient  // the package trait (Package.swift); without it, only the stand-in (+TraitOff.swift)
import AsyncHTTPClient
import Foundation
import NIOCore
import NIOFoundationCompat
@_spi(Transport) import NetworkLayer

/// Moves the body of an AsyncHTTPClient response into the library's ``NetworkLayer/ResponseBody``.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
enum ResponseStream {
    /// A body that reads the exchange's response as its consumer asks: the client reads no further while more
    /// than `window` bytes wait, a consumer that stops early closes the request, and one the router collects
    /// reads it in its own task. `owner`, the transport
    /// whose client reads, stays alive until the body ends, so that a stream outlives a router its caller let
    /// go of. A body that waits for the server longer than `idleTimeout` fails (see ``IdleWatch``; `nil` when
    /// the client's own read timeout suffices), as does one whose length contradicts its head. With `decodes`,
    /// a body in a coding of ``ContentDecoders`` is decoded as it arrives, chunk by chunk, so that the router's
    /// response-size limit counts the decoded bytes and stops a small body that decodes to a huge one early.
    static func body(
        of exchange: AsyncHTTPClientTransport.Exchange, window: Int, idleTimeout: TimeAmount?, decodes: Bool,
        owner: some AnyObject & Sendable
    ) -> ResponseBody {
        let (response, head, request) = (exchange.response, exchange.head, exchange.request)
        return ResponseBody.produced(window: window) { writer in
            do {
                let count = try await IdleWatch.run(timeout: idleTimeout) { watch -> Int64? in
                    let decoder = decodes ? ContentDecoders.decoder(for: head) : nil
                    var count: Int64 = 0
                    for try await buffer in response.body {
                        count += Int64(buffer.readableBytes)
                        watch?.paused()
                        guard let decoder else {
                            guard writer.write(data(of: buffer)) else { return nil }
                            await writer.waitForDemand()
                            watch?.waiting()
                            continue
                        }
                        var input = buffer
                        while let chunk = try decoder.decode(&input) {
                            guard !Task.isCancelled, writer.write(chunk) else { return nil }
                            await writer.waitForDemand()
                        }
                        watch?.waiting()
                    }
                    try decoder?.finish()
                    return count
                }
                guard let count else { return }
                if let error = head.framingError(delivered: count, after: request) { throw error }
                writer.finish()
            } catch {
                writer.fail(NetworkError.classifying(error))
            }
            withExtendedLifetime(owner) {}
        }
    }

    /// The bytes of `buffer`, which the client is done with. Bytes that fill at least half of their storage
    /// share it, so that a large chunk, often a whole small body, is neither copied nor allocated again;
    /// fewer are copied, so that a small chunk never keeps a much larger storage alive while it waits.
    static func data(of buffer: ByteBuffer) -> Data {
        let shares = buffer.readableBytes * 2 >= buffer.storageCapacity
        return buffer.getData(
            at: buffer.readerIndex, length: buffer.readableBytes, byteTransferStrategy: shares ? .noCopy : .copy)
            ?? Data(buffer.readableBytesView)
    }

    /// Reads and drops `body`, the body of a redirect, so that its connection can serve the next hop; a body
    /// that waits for the server longer than `idleTimeout` fails.
    static func discard(_ body: HTTPClientResponse.Body, idleTimeout: TimeAmount?) async throws {
        do {
            try await IdleWatch.run(timeout: idleTimeout) { watch in
                for try await _ in body { watch?.waiting() }
            }
        } catch {
            throw NetworkError.classifying(error)
        }
    }
}
#endif
