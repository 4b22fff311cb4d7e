#if AsyncHTTPClient  // the package trait (Package.swift); without it, only the stand-in (+TraitOff.swift)
import CZlib
import Foundation
import NIOCore
@_spi(Transport) import NetworkLayer

/// permessage-deflate (RFC 7692) as the client offered it and the server accepted it: each message compressed
/// with raw deflate, flushed to a byte boundary and sent without the flush's last four bytes.
///
/// One per connection, used only on the connection's event loop.
final class PerMessageDeflate {
    /// The offer the client sends in `Sec-WebSocket-Extensions`: no parameters, so that the server may answer
    /// with any of its own.
    static let offer = "permessage-deflate"

    /// Why a compressed message could not be inflated.
    enum InflateFailure: Error {
        /// It inflates to more than the limit.
        case tooLarge
        /// It is not a deflate stream.
        case corrupt
    }

    private let deflater: UnsafeMutablePointer<z_stream>
    private let inflater: UnsafeMutablePointer<z_stream>
    private let resetsDeflater: Bool
    private let resetsInflater: Bool

    private init?(resetsDeflater: Bool, resetsInflater: Bool) {
        deflater = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
        deflater.initialize(to: z_stream())
        inflater = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
        inflater.initialize(to: z_stream())
        self.resetsDeflater = resetsDeflater
        self.resetsInflater = resetsInflater
        let size = Int32(MemoryLayout<z_stream>.size)
        // Negative window bits: a raw deflate stream, without zlib's header and trailer.
        let deflating = deflateInit2_(
            deflater, Z_DEFAULT_COMPRESSION, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY, zlibVersion(), size)
        let inflating = inflateInit2_(inflater, -15, zlibVersion(), size)
        guard deflating == Z_OK, inflating == Z_OK else {
            if deflating == Z_OK { deflateEnd(deflater) }
            if inflating == Z_OK { inflateEnd(inflater) }
            Self.release(deflater)
            Self.release(inflater)
            return nil
        }
    }

    deinit {
        deflateEnd(deflater)
        inflateEnd(inflater)
        Self.release(deflater)
        Self.release(inflater)
    }

    private static func release(_ stream: UnsafeMutablePointer<z_stream>) {
        stream.deinitialize(count: 1)
        stream.deallocate()
    }

    /// The extension the server's `Sec-WebSocket-Extensions` values accept, `nil` when they accept none; throws
    /// when they name an extension or a parameter that was not offered (RFC 7692, 5 and 7.1).
    static func negotiate(_ values: [String], offered: Bool) throws(NetworkError) -> PerMessageDeflate? {
        let extensions = values.flatMap { $0.split(separator: ",") }.map {
            $0.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
        }
        guard !extensions.isEmpty else { return nil }
        guard offered, extensions.count == 1, let parts = extensions.first, parts.first == offer else {
            throw refusal("the server accepted extensions that were not offered: \(values.joined(separator: ", "))")
        }
        var names: Set<String> = []
        for parameter in parts.dropFirst() {
            let name = parameter.split(separator: "=", maxSplits: 1).first.map(String.init) ?? parameter
            let value = parameter.split(separator: "=", maxSplits: 1).dropFirst().first
            guard names.insert(name).inserted else { throw refusal("permessage-deflate repeats \(name)") }
            switch name {
            case "server_no_context_takeover", "client_no_context_takeover":
                guard value == nil else { throw refusal("permessage-deflate: \(parameter)") }
            case "server_max_window_bits":
                let bits = value.flatMap { Int($0.trimmingCharacters(in: CharacterSet(charactersIn: "\""))) }
                guard let bits, (8...15).contains(bits) else { throw refusal("permessage-deflate: \(parameter)") }
            default:
                throw refusal("permessage-deflate with a parameter that was not offered: \(parameter)")
            }
        }
        guard
            let negotiated = PerMessageDeflate(
                resetsDeflater: names.contains("client_no_context_takeover"),
                resetsInflater: names.contains("server_no_context_takeover"))
        else { throw NetworkError(.transportFailure, detail: "zlib could not start permessage-deflate") }
        return negotiated
    }

    private static func refusal(_ detail: String) -> NetworkError {
        NetworkError(.protocolViolation, detail: "WebSocket handshake: \(detail)")
    }

    /// `payload` compressed as one message's frame data.
    func compress(_ payload: ByteBuffer, allocator: ByteBufferAllocator) -> ByteBuffer {
        var output = allocator.buffer(capacity: payload.readableBytes / 2 + 64)
        var input = payload
        input.withUnsafeMutableReadableBytes { raw in
            let bytes = raw.bindMemory(to: Bytef.self)
            deflater.pointee.next_in = bytes.baseAddress
            deflater.pointee.avail_in = uInt(bytes.count)
            repeat {
                output.reserveCapacity(minimumWritableBytes: 64 * 1024)
                output.writeWithUnsafeMutableBytes(minimumWritableBytes: 64 * 1024) { out in
                    deflater.pointee.next_out = out.bindMemory(to: Bytef.self).baseAddress
                    deflater.pointee.avail_out = uInt(out.count)
                    CZlib.deflate(deflater, Z_SYNC_FLUSH)
                    return out.count - Int(deflater.pointee.avail_out)
                }
            } while deflater.pointee.avail_out == 0
            deflater.pointee.next_in = nil
            deflater.pointee.avail_in = 0
        }
        // A sync flush ends with an empty stored block, 00 00 FF FF, which the frame leaves out (RFC 7692, 7.2.1).
        output.moveWriterIndex(to: max(output.readerIndex, output.writerIndex - 4))
        if resetsDeflater { deflateReset(deflater) }
        return output
    }

    /// The frame data of a compressed message, inflated; throws once it grows past `limit` bytes.
    func decompress(_ payload: ByteBuffer, limit: Int, allocator: ByteBufferAllocator) throws(InflateFailure)
        -> ByteBuffer
    {
        var input = payload
        input.writeBytes([0x00, 0x00, 0xFF, 0xFF])
        var output = allocator.buffer(capacity: min(limit, max(1024, payload.readableBytes * 4)))
        var status = Z_OK
        input.withUnsafeMutableReadableBytes { raw in
            let bytes = raw.bindMemory(to: Bytef.self)
            inflater.pointee.next_in = bytes.baseAddress
            inflater.pointee.avail_in = uInt(bytes.count)
            while status == Z_OK, output.readableBytes <= limit {
                output.writeWithUnsafeMutableBytes(minimumWritableBytes: 64 * 1024) { out in
                    inflater.pointee.next_out = out.bindMemory(to: Bytef.self).baseAddress
                    inflater.pointee.avail_out = uInt(out.count)
                    status = inflate(inflater, Z_SYNC_FLUSH)
                    return out.count - Int(inflater.pointee.avail_out)
                }
                if inflater.pointee.avail_in == 0, inflater.pointee.avail_out != 0 { break }
            }
            inflater.pointee.next_in = nil
            inflater.pointee.avail_in = 0
        }
        if status == Z_STREAM_END || resetsInflater { inflateReset(inflater) }
        guard status == Z_OK || status == Z_STREAM_END || status == Z_BUF_ERROR else { throw .corrupt }
        guard output.readableBytes <= limit else { throw .tooLarge }
        return output
    }
}
#endif
