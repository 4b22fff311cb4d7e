#if AsyncHTTPClient && canImport(CBrotli)
import CBrotli
import Foundation
import NIOCore
@_spi(Transport) import NetworkLayer

/// Decodes a `br` body (RFC 7932) with the system's libbrotlidec, chunk by chunk.
final class BrotliDecoder: ContentDecoder {
    private let state: OpaquePointer?
    private let output = UnsafeMutableRawBufferPointer.allocate(
        byteCount: ContentDecoders.chunkSize, alignment: MemoryLayout<UInt8>.alignment)
    /// The decoder's last answer; `nil` before any input.
    private var result: BrotliDecoderResult?

    init() {
        state = BrotliDecoderCreateInstance(nil, nil, nil)
    }

    deinit {
        BrotliDecoderDestroyInstance(state)
        output.deallocate()
    }

    func decode(_ input: inout ByteBuffer) throws(NetworkError) -> Data? {
        guard let state else { throw NetworkError(.badResponse, detail: "br: no memory for a decoder") }
        while true {
            if result == BROTLI_DECODER_RESULT_SUCCESS {
                guard input.readableBytes == 0 else { throw Self.error("bytes after the end of the stream") }
                return nil
            }
            if input.readableBytes == 0, result != BROTLI_DECODER_RESULT_NEEDS_MORE_OUTPUT { return nil }
            let (produced, consumed, result) = step(state, input)
            input.moveReaderIndex(forwardBy: consumed)
            self.result = result
            if result == BROTLI_DECODER_RESULT_ERROR {
                let code = BrotliDecoderGetErrorCode(state)
                throw Self.error(BrotliDecoderErrorString(code).map { String(cString: $0) } ?? "error \(code)")
            }
            if produced > 0 { return Data(UnsafeRawBufferPointer(rebasing: output[..<produced])) }
            if input.readableBytes == 0 || result == BROTLI_DECODER_RESULT_SUCCESS { return nil }
            if consumed == 0 { throw Self.error("the decoder stopped reading") }
        }
    }

    func finish() throws(NetworkError) {
        guard result == nil || result == BROTLI_DECODER_RESULT_SUCCESS else {
            throw Self.error("the body ends before the stream does")
        }
    }

    /// One call of the decoder over the readable bytes of `input`: the bytes it wrote to ``output``, the bytes
    /// of `input` it read, and its answer.
    private func step(_ state: OpaquePointer, _ input: ByteBuffer) -> (Int, Int, BrotliDecoderResult) {
        input.withUnsafeReadableBytes { bytes in
            var availableIn = bytes.count
            var nextIn = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self)
            var availableOut = output.count
            var nextOut = output.baseAddress?.assumingMemoryBound(to: UInt8.self)
            let result = BrotliDecoderDecompressStream(state, &availableIn, &nextIn, &availableOut, &nextOut, nil)
            return (output.count - availableOut, bytes.count - availableIn, result)
        }
    }

    private static func error(_ reason: String) -> NetworkError {
        NetworkError(.badResponse, detail: "br body: \(reason)")
    }
}
#endif
