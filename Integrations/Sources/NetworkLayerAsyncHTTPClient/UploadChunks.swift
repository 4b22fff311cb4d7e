#if AsyncHTTPClient  // the package trait (Package.swift); without it, only the stand-in (+TraitOff.swift)
import Foundation
@_spi(Transport) import NetworkLayer

/// A file read in chunks as it is iterated, so an upload never holds the whole file in memory.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
struct FileChunks: AsyncSequence, Sendable {
    typealias Element = Data
    static let chunkSize = 64 * 1024

    let fileURL: URL
    /// The file's size when the upload started.
    let length: Int64

    init(_ fileURL: URL) throws {
        guard let size = try? FileManager.default.attributesOfItem(atPath: fileURL.path)[.size] as? NSNumber else {
            throw RequestBuildError.encodingFailed(reason: "cannot read \(fileURL.lastPathComponent)")
        }
        self.fileURL = fileURL
        self.length = size.int64Value
    }

    struct AsyncIterator: AsyncIteratorProtocol {
        let fileURL: URL
        var handle: FileHandle?
        var finished = false

        mutating func next() async throws -> Data? {
            guard !finished else { return nil }
            if handle == nil { handle = try FileHandle(forReadingFrom: fileURL) }
            guard let handle, let chunk = try handle.read(upToCount: FileChunks.chunkSize), !chunk.isEmpty else {
                finished = true
                try handle?.close()
                return nil
            }
            return chunk
        }
    }

    func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(fileURL: fileURL)
    }
}

/// Bytes in memory handed out in chunks, so that an upload with a progress handler reports as it goes.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
struct DataChunks: AsyncSequence, Sendable {
    typealias Element = Data
    let data: Data

    init(_ data: Data) {
        self.data = data
    }

    struct AsyncIterator: AsyncIteratorProtocol {
        let data: Data
        var offset: Int

        mutating func next() async -> Data? {
            guard offset < data.endIndex else { return nil }
            let end = Swift.min(offset + FileChunks.chunkSize, data.endIndex)
            defer { offset = end }
            return data[offset..<end]
        }
    }

    func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(data: data, offset: data.startIndex)
    }
}
#endif
