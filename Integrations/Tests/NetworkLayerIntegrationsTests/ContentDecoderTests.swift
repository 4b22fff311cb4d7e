#if os(Linux)  // where the transport decodes br and zstd (Package.swift)
import CCompressionEncoders
import Foundation
import NIOCore
@_spi(Transport) import NetworkLayer
@testable import NetworkLayerAsyncHTTPClient
import Testing

/// The transport's `br` and `zstd` decoders, over bodies the system's encoders compress here.
@Suite("Content decoders: br and zstd")
struct ContentDecoderTests {
    enum Coding: String, CaseIterable, CustomTestStringConvertible, Sendable {
        case br, zstd

        var testDescription: String { rawValue }

        /// `data` compressed in this coding.
        func compress(_ data: [UInt8]) -> [UInt8] {
            switch self {
            case .br:
                var out = [UInt8](repeating: 0, count: max(BrotliEncoderMaxCompressedSize(data.count), 64))
                var size = out.count
                let done = BrotliEncoderCompress(5, 22, BROTLI_MODE_GENERIC, data.count, data, &size, &out)
                return done != 0 ? Array(out.prefix(size)) : []
            case .zstd:
                var out = [UInt8](repeating: 0, count: ZSTD_compressBound(data.count))
                let size = ZSTD_compress(&out, out.count, data, data.count, 3)
                return ZSTD_isError(size) == 0 ? Array(out.prefix(size)) : []
            }
        }

        func decoder() throws -> any ContentDecoder {
            try #require(ContentDecoders.decoder(for: rawValue))
        }
    }

    /// Text that compresses as JSON does: `count` bytes, the same each time.
    static func text(_ count: Int) -> [UInt8] {
        var generator = SplitMix64(seed: UInt64(count))
        var bytes: [UInt8] = []
        bytes.reserveCapacity(count + 64)
        while bytes.count < count {
            bytes += Array(#"{"id":\#(generator.next() % 100_000),"title":"movie \#(generator.next() % 50)"},"#.utf8)
        }
        return Array(bytes.prefix(count))
    }

    /// The bytes `decoder` makes of `input` given in pieces of `piece` bytes, and the largest chunk it made.
    static func decode(
        _ input: [UInt8], in piece: Int, with decoder: any ContentDecoder
    ) throws -> (bytes: [UInt8], largest: Int) {
        var output: [UInt8] = []
        var largest = 0
        var start = 0
        repeat {
            var buffer = ByteBuffer(bytes: input[start..<min(start + piece, input.count)])
            while let chunk = try decoder.decode(&buffer) {
                output += chunk
                largest = max(largest, chunk.count)
            }
            #expect(buffer.readableBytes == 0)
            start += piece
        } while start < input.count
        try decoder.finish()
        return (output, largest)
    }

    @Test(
        "round trip in pieces of any size",
        arguments: Coding.allCases, [(0, 1), (1, 1), (1000, 7), (300_000, 1), (300_000, 4096), (2_000_000, 1 << 30)])
    func roundTrip(coding: Coding, sizes: (body: Int, piece: Int)) throws {
        let original = Self.text(sizes.body)
        let compressed = coding.compress(original)
        #expect(!compressed.isEmpty)
        let (decoded, largest) = try Self.decode(compressed, in: sizes.piece, with: coding.decoder())
        #expect(decoded == original)
        #expect(largest <= ContentDecoders.chunkSize)
    }

    @Test("a highly compressed body comes out in chunks of at most 64 KiB", arguments: Coding.allCases)
    func boundedChunks(coding: Coding) throws {
        let zeros = [UInt8](repeating: 0, count: 16 << 20)
        let compressed = coding.compress(zeros)
        #expect(compressed.count < 16 * 1024)
        let decoder = try coding.decoder()
        var buffer = ByteBuffer(bytes: compressed)
        var chunks = 0
        var total = 0
        while let chunk = try decoder.decode(&buffer) {
            #expect(chunk.count <= ContentDecoders.chunkSize)
            chunks += 1
            total += chunk.count
        }
        try decoder.finish()
        #expect(total == zeros.count)
        #expect(chunks >= zeros.count / ContentDecoders.chunkSize)
    }

    @Test("a body cut short fails at its end", arguments: Coding.allCases)
    func truncated(coding: Coding) throws {
        let compressed = coding.compress(Self.text(100_000))
        let decoder = try coding.decoder()
        var buffer = ByteBuffer(bytes: compressed.prefix(compressed.count / 2))
        while try decoder.decode(&buffer) != nil {}
        let error = #expect(throws: NetworkError.self) { try decoder.finish() }
        #expect(error?.kind == .badResponse)
    }

    @Test("bytes that are not the coding fail", arguments: Coding.allCases)
    func corrupt(coding: Coding) throws {
        let decoder = try coding.decoder()
        var buffer = ByteBuffer(bytes: Array("this is not compressed at all, not even a little".utf8))
        let error = #expect(throws: NetworkError.self) {
            while try decoder.decode(&buffer) != nil {}
        }
        #expect(error?.kind == .badResponse)
    }

    @Test("bytes after the end of the stream fail", arguments: Coding.allCases)
    func trailing(coding: Coding) throws {
        let decoder = try coding.decoder()
        var buffer = ByteBuffer(bytes: coding.compress(Self.text(1000)) + Array("garbage!".utf8))
        let error = #expect(throws: NetworkError.self) {
            while try decoder.decode(&buffer) != nil {}
        }
        #expect(error?.kind == .badResponse)
    }

    @Test("a body with no bytes at all, as to HEAD, ends cleanly", arguments: Coding.allCases)
    func empty(coding: Coding) throws {
        let decoder = try coding.decoder()
        var buffer = ByteBuffer()
        #expect(try decoder.decode(&buffer) == nil)
        try decoder.finish()
    }

    @Test("zstd: frames one after another decode as one body")
    func zstdFrames() throws {
        let (first, second) = (Self.text(5000), Array(Self.text(7000).reversed()))
        let compressed = Coding.zstd.compress(first) + Coding.zstd.compress(second)
        let (decoded, _) = try Self.decode(compressed, in: 999, with: Coding.zstd.decoder())
        #expect(decoded == first + second)
    }

    @Test("zstd: a frame that needs a window over 8 MB fails (RFC 9659)")
    func zstdWindow() throws {
        let zeros = [UInt8](repeating: 0, count: 9 << 20)
        let context = try #require(ZSTD_createCCtx())
        defer { ZSTD_freeCCtx(context) }
        ZSTD_CCtx_setParameter(context, ZSTD_c_windowLog, 24)
        var out = [UInt8](repeating: 0, count: ZSTD_compressBound(zeros.count))
        let size = ZSTD_compress2(context, &out, out.count, zeros, zeros.count)
        #expect(ZSTD_isError(size) == 0)
        let decoder = try Coding.zstd.decoder()
        var buffer = ByteBuffer(bytes: out.prefix(size))
        let error = #expect(throws: NetworkError.self) {
            while try decoder.decode(&buffer) != nil {}
        }
        #expect(error?.kind == .badResponse)
    }
}

/// A small generator with a seed (SplitMix64), so that the tests' bodies are the same on every run.
private struct SplitMix64: RandomNumberGenerator {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }
}
#endif
