import CZlib
import Foundation

/// Compresses bytes with zlib, chunk by chunk, into one gzip (RFC 1952) or zlib (RFC 1950) stream.
///
/// One deflater makes one stream: feed it with ``compress(_:)`` and end it with ``finish()``. The output is the
/// same for the same input, so a body compressed again for a retry goes out byte for byte as before. Not
/// shared between tasks: whoever makes one uses it alone.
final class Deflater {
    /// The stream's wrapper.
    enum Format {
        /// A gzip member: `Content-Encoding: gzip`.
        case gzip
        /// A zlib stream: `Content-Encoding: deflate`.
        case zlib
    }

    /// zlib's state, at an address of its own: zlib keeps a pointer back to it.
    private let stream: UnsafeMutablePointer<z_stream>
    private var finished = false

    /// A deflater at zlib's default level, or `nil` when zlib cannot start one (out of memory).
    init?(format: Format) {
        stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
        stream.initialize(to: z_stream())
        // 15 bits of window; 16 more ask zlib for the gzip wrapper instead of zlib's.
        let windowBits: Int32 = format == .gzip ? 15 + 16 : 15
        let status = deflateInit2_(
            stream, Z_DEFAULT_COMPRESSION, Z_DEFLATED, windowBits, 8, Z_DEFAULT_STRATEGY, zlibVersion(),
            Int32(MemoryLayout<z_stream>.size))
        guard status == Z_OK else {
            stream.deinitialize(count: 1)
            stream.deallocate()
            return nil
        }
    }

    deinit {
        deflateEnd(stream)
        stream.deinitialize(count: 1)
        stream.deallocate()
    }

    /// The compressed bytes `chunk` yields so far; zlib may keep some back until the next chunk or the end.
    func compress(_ chunk: Data) -> Data {
        run(chunk, flush: Z_NO_FLUSH)
    }

    /// The rest of the stream, its trailer included; nothing more may be compressed after it.
    func finish() -> Data {
        guard !finished else { return Data() }
        finished = true
        return run(Data(), flush: Z_FINISH)
    }

    /// All of `data` compressed into one whole stream, or `nil` when zlib cannot start one.
    static func compress(_ data: Data, format: Format) -> Data? {
        guard let deflater = Deflater(format: format) else { return nil }
        var output = deflater.compress(data)
        output.append(deflater.finish())
        return output
    }

    private func run(_ input: Data, flush: Int32) -> Data {
        guard !finished || flush == Z_FINISH else { return Data() }
        var output = Data()
        // zlib counts input in 32-bit lengths: a larger chunk goes in slices.
        let slice = 1 << 30
        var start = input.startIndex
        repeat {
            let end = input.index(start, offsetBy: min(slice, input.endIndex - start))
            let last = end == input.endIndex
            deflate(input[start..<end], flush: last ? flush : Z_NO_FLUSH, into: &output)
            start = end
        } while start < input.endIndex
        return output
    }

    /// Runs zlib over `input` until it has taken all of it (and, with `Z_FINISH`, ended the stream).
    private func deflate(_ input: Data, flush: Int32, into output: inout Data) {
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        input.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
            let bytes = raw.bindMemory(to: Bytef.self)
            stream.pointee.next_in = UnsafeMutablePointer(mutating: bytes.baseAddress)
            stream.pointee.avail_in = uInt(bytes.count)
            repeat {
                let produced = buffer.withUnsafeMutableBufferPointer { out -> Int in
                    stream.pointee.next_out = out.baseAddress
                    stream.pointee.avail_out = uInt(out.count)
                    CZlib.deflate(stream, flush)
                    return out.count - Int(stream.pointee.avail_out)
                }
                output.append(contentsOf: buffer[0..<produced])
            } while stream.pointee.avail_out == 0
            stream.pointee.next_in = nil
            stream.pointee.avail_in = 0
        }
    }
}
