import CZlib
import Foundation

/// Decompresses a whole gzip or zlib stream, for tests to read what the library compressed; `nil` when the
/// bytes are not one whole stream.
enum Inflate {
    static func data(_ compressed: Data) -> Data? {
        var stream = z_stream()
        // 32 + 15: a gzip or a zlib stream, whichever the bytes are.
        guard inflateInit2_(&stream, 32 + 15, zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            return nil
        }
        defer { inflateEnd(&stream) }
        var output = Data()
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        var status = Z_OK
        compressed.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
            stream.next_in = UnsafeMutablePointer(mutating: raw.bindMemory(to: Bytef.self).baseAddress)
            stream.avail_in = uInt(raw.count)
            repeat {
                let produced = buffer.withUnsafeMutableBufferPointer { out -> Int in
                    stream.next_out = out.baseAddress
                    stream.avail_out = uInt(out.count)
                    status = inflate(&stream, Z_NO_FLUSH)
                    return out.count - Int(stream.avail_out)
                }
                output.append(contentsOf: buffer[0..<produced])
            } while status == Z_OK
        }
        return status == Z_STREAM_END && stream.avail_in == 0 ? output : nil
    }
}
