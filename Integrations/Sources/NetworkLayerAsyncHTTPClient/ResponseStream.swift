import AsyncHTTPClient
import Foundation
import IntegrationSupport
import NIOCore
import NIOFoundationCompat
import NetworkLayer

/// Moves the body of an AsyncHTTPClient response into the library's ``NetworkLayer/ResponseBody``.
enum ResponseStream {
    /// A body that reads `response` as its consumer asks: the client reads no further while more than `window`
    /// bytes wait, and a consumer that stops early closes the request. `owner`, the transport whose client
    /// reads, stays alive until the body ends, so that a stream outlives a router its caller let go of.
    static func body(of response: HTTPClientResponse, window: Int, owner: some AnyObject & Sendable) -> ResponseBody {
        let reader = Locked<Task<Void, Never>?>(nil)
        let (body, writer) = ResponseBody.makeStream(window: window) {
            reader.withLock { $0 }?.cancel()
        }
        let task = Task {
            do {
                for try await buffer in response.body {
                    writer.write(Data(buffer.readableBytesView))
                    await writer.waitForDemand()
                }
                writer.finish()
            } catch {
                writer.fail(TransportError.classifying(error))
            }
            withExtendedLifetime(owner) {}
        }
        reader.withLock { $0 = task }
        return body
    }

    /// The whole of `body`, failing with ``NetworkLayer/NetworkError/responseTooLarge(limit:_:)`` as soon as
    /// more than `limit` bytes arrived.
    ///
    /// The bytes are gathered into the first buffer that arrives and handed over without another copy, unless
    /// they fill less than half of that buffer's storage, which the body would otherwise keep alive.
    static func collect(_ body: HTTPClientResponse.Body, upTo limit: Int?) async throws -> Data {
        var collected: ByteBuffer?
        do {
            for try await buffer in body {
                let count = (collected?.readableBytes ?? 0) + buffer.readableBytes
                if let limit, count > limit { throw NetworkError.responseTooLarge(limit: limit) }
                if collected == nil {
                    collected = buffer
                } else {
                    collected?.writeImmutableBuffer(buffer)
                }
            }
        } catch {
            throw TransportError.classifying(error)
        }
        guard let collected else { return Data() }
        let mostlyFull = collected.readableBytes * 2 >= collected.capacity
        return Data(buffer: collected, byteTransferStrategy: mostlyFull ? .noCopy : .copy)
    }

    /// Reads and drops `body`, the body of a redirect, so that its connection can serve the next hop.
    static func discard(_ body: HTTPClientResponse.Body) async throws {
        do {
            for try await _ in body {}
        } catch {
            throw TransportError.classifying(error)
        }
    }
}
