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
    /// than `window` bytes wait, and a consumer that stops early closes the request. `owner`, the transport
    /// whose client reads, stays alive until the body ends, so that a stream outlives a router its caller let
    /// go of. A body that waits for the server longer than `idleTimeout` fails (see ``IdleWatch``; `nil` when
    /// the client's own read timeout suffices), as does one whose length contradicts its head.
    static func body(
        of exchange: AsyncHTTPClientTransport.Exchange, window: Int, idleTimeout: TimeAmount?,
        owner: some AnyObject & Sendable
    ) -> ResponseBody {
        let reader = Locked<Task<Void, Never>?>(nil)
        let (body, writer) = ResponseBody.makeStream(window: window) {
            reader.withLock { $0 }?.cancel()
        }
        let (response, head, request) = (exchange.response, exchange.head, exchange.request)
        let task = Task {
            do {
                let count = try await IdleWatch.run(timeout: idleTimeout) { watch in
                    var count: Int64 = 0
                    for try await buffer in response.body {
                        count += Int64(buffer.readableBytes)
                        watch?.paused()
                        writer.write(Data(buffer.readableBytesView))
                        await writer.waitForDemand()
                        watch?.waiting()
                    }
                    return count
                }
                if let error = head.framingError(delivered: count, after: request) { throw error }
                writer.finish()
            } catch {
                writer.fail(NetworkError.classifying(error))
            }
            withExtendedLifetime(owner) {}
        }
        reader.withLock { $0 = task }
        return body
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
