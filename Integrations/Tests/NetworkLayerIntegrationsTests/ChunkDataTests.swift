import Foundation
import NIOCore
import Testing

@testable import NetworkLayerAsyncHTTPClient

@Suite("AsyncHTTPClientTransport body chunks")
struct ChunkDataTests {
    /// (the chunk's bytes, its storage's capacity, whether the chunk's data shares that storage)
    @Test(
        "a chunk shares its storage only when it fills at least half of it, and keeps its bytes either way",
        arguments: [
            (1, 1024, false), (511, 1024, false), (512, 1024, true), (1024, 1024, true), (17_744, 32_768, true),
        ]
    )
    func chunk(count: Int, capacity: Int, shares: Bool) throws {
        let bytes = (0..<count).map { UInt8(truncatingIfNeeded: $0) }
        var buffer = ByteBufferAllocator().buffer(capacity: capacity)
        buffer.writeBytes(bytes)
        try #require(buffer.storageCapacity == capacity)
        let data = ResponseStream.data(of: buffer)

        // The client writes over its buffer: NIO moves a buffer whose storage a chunk still holds first.
        let before = buffer.withUnsafeReadableBytes { UInt(bitPattern: $0.baseAddress) }
        buffer.setBytes([UInt8](repeating: 0xFF, count: count), at: buffer.readerIndex)
        let after = buffer.withUnsafeReadableBytes { UInt(bitPattern: $0.baseAddress) }

        #expect((before != after) == shares)
        #expect(Array(data) == bytes)
    }
}
