import Foundation

/// A file's bytes compressed as they are read, 64 KiB at a time: the body of a compressed upload, which is
/// never held whole in memory.
actor CompressedFileReader {
    private let handle: FileHandle
    private let deflater: Deflater
    private var ended = false

    /// The chunks of `file` compressed in `format`, read as they are asked for.
    ///
    /// - Throws: `CocoaError` when the file cannot be opened, `CompressionUnavailable` when zlib cannot start.
    static func chunks(of file: URL, format: Deflater.Format) throws -> AsyncThrowingStream<Data, any Error> {
        let reader = try CompressedFileReader(file: file, format: format)
        return AsyncThrowingStream { try await reader.next() }
    }

    private init(file: URL, format: Deflater.Format) throws {
        guard let deflater = Deflater(format: format) else { throw CompressionUnavailable() }
        self.handle = try FileHandle(forReadingFrom: file)
        self.deflater = deflater
    }

    /// The next compressed bytes, or `nil` once the stream has ended.
    private func next() throws -> Data? {
        while !ended {
            let chunk = try handle.read(upToCount: 64 * 1024) ?? Data()
            if chunk.isEmpty {
                ended = true
                try? handle.close()
                let tail = deflater.finish()
                return tail.isEmpty ? nil : tail
            }
            let compressed = deflater.compress(chunk)
            if !compressed.isEmpty { return compressed }
        }
        return nil
    }
}

/// zlib could not start a stream: it had no memory for one.
struct CompressionUnavailable: Error, CustomStringConvertible {
    var description: String { "zlib could not start compressing the request body (out of memory)" }
}
