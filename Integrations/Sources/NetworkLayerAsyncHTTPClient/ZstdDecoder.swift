#if AsyncHTTPClient && canImport(CZstd)
import CZstd
import Foundation
import NIOCore
@_spi(Transport) import NetworkLayer

/// Decodes a `zstd` body (RFC 8878) with the system's libzstd, chunk by chunk, frame after frame.
///
/// Frames that need a window of more than 8 MB fail, as RFC 9659 lets a recipient of the `zstd` content coding
/// do: the window is the memory the decoder keeps, and a server has no reason to make it larger.
final class ZstdDecoder: ContentDecoder {
    /// The base-two logarithm of the largest window: 8 MB.
    static let largestWindowLog: Int32 = 23

    private let context: OpaquePointer?
    private let output = UnsafeMutableRawBufferPointer.allocate(
        byteCount: ContentDecoders.chunkSize, alignment: MemoryLayout<UInt8>.alignment)
    /// The decoder's last answer: 0 once a frame is complete and all of it written out; `nil` before any input.
    private var hint: Int?

    init() {
        context = ZSTD_createDCtx()
        if let context { ZSTD_DCtx_setParameter(context, ZSTD_d_windowLogMax, Self.largestWindowLog) }
    }

    deinit {
        ZSTD_freeDCtx(context)
        output.deallocate()
    }

    func decode(_ input: inout ByteBuffer) throws(NetworkError) -> Data? {
        guard let context else { throw Self.error("no memory for a decoder") }
        while true {
            if input.readableBytes == 0, hint == nil || hint == 0 { return nil }
            let (produced, consumed, answer) = step(context, input)
            input.moveReaderIndex(forwardBy: consumed)
            if ZSTD_isError(answer) != 0 { throw Self.error(String(cString: ZSTD_getErrorName(answer))) }
            hint = answer
            if produced > 0 { return Data(UnsafeRawBufferPointer(rebasing: output[..<produced])) }
            if input.readableBytes == 0 { return nil }
            if consumed == 0 { throw Self.error("the decoder stopped reading") }
        }
    }

    func finish() throws(NetworkError) {
        guard hint == nil || hint == 0 else { throw Self.error("the body ends before the frame does") }
    }

    /// One call of the decoder over the readable bytes of `input`: the bytes it wrote to ``output``, the bytes
    /// of `input` it read, and its answer (an error code, 0 at the end of a frame, or a hint at the next input).
    private func step(_ context: OpaquePointer, _ input: ByteBuffer) -> (Int, Int, Int) {
        input.withUnsafeReadableBytes { bytes in
            var source = ZSTD_inBuffer(src: bytes.baseAddress, size: bytes.count, pos: 0)
            var destination = ZSTD_outBuffer(dst: output.baseAddress, size: output.count, pos: 0)
            let answer = ZSTD_decompressStream(context, &destination, &source)
            return (destination.pos, source.pos, answer)
        }
    }

    private static func error(_ reason: String) -> NetworkError {
        NetworkError(.badResponse, detail: "zstd body: \(reason)")
    }
}
#endif
