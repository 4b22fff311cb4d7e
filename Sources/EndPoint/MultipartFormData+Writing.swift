import Foundation

extension MultipartFormData {
    /// How many bytes of a file part are read at a time.
    static let chunkSize = 64 * 1024

    /// Writes the whole body to `fileURL`, replacing any file there, copying file parts in chunks.
    ///
    /// - Throws: ``RequestBuildError/invalidMultipartPart(name:)`` for a part whose header fields would hold
    ///   a control character; ``RequestBuildError/encodingFailed(reason:)`` when a file part cannot be read or
    ///   the body cannot be written.
    func write(to fileURL: URL) throws(RequestBuildError) {
        do {
            guard FileManager.default.createFile(atPath: fileURL.path, contents: nil) else {
                throw RequestBuildError.encodingFailed(reason: "cannot create \(fileURL.path)")
            }
            let output = try FileHandle(forWritingTo: fileURL)
            defer { try? output.close() }
            try writeBody { chunk in
                if #available(macOS 10.15.4, iOS 13.4, tvOS 13.4, watchOS 6.2, *) {
                    try output.write(contentsOf: chunk)
                } else {
                    output.write(chunk)
                }
            }
        } catch let error as RequestBuildError {
            throw error
        } catch {
            throw .encodingFailed(reason: "multipart body: \(error.localizedDescription)")
        }
    }

    /// The whole body in memory. File parts are read completely; prefer ``write(to:)`` for large files.
    ///
    /// - Throws: ``RequestBuildError/invalidMultipartPart(name:)`` for a part whose header fields would hold
    ///   a control character; ``RequestBuildError/encodingFailed(reason:)`` when a file part cannot be read.
    func encoded() throws(RequestBuildError) -> Data {
        var body = Data()
        do {
            try writeBody { body.append($0) }
        } catch let error as RequestBuildError {
            throw error
        } catch {
            throw .encodingFailed(reason: "multipart body: \(error.localizedDescription)")
        }
        return body
    }

    /// Hands the body to `write` piece by piece.
    private func writeBody(_ write: (Data) throws -> Void) throws {
        for (index, part) in parts.enumerated() {
            try write(head(of: part, isFirst: index == 0))
            switch part.content {
            case .data(let data):
                try write(data)
            case .file(let url):
                try copyFile(at: url, to: write)
            }
        }
        try write(closing)
    }

    private func copyFile(at url: URL, to write: (Data) throws -> Void) throws {
        guard url.isFileURL else { throw RequestBuildError.encodingFailed(reason: "not a file URL: \(url)") }
        let input: FileHandle
        do {
            input = try FileHandle(forReadingFrom: url)
        } catch {
            throw RequestBuildError.encodingFailed(reason: "cannot read \(url.path)")
        }
        defer { try? input.close() }
        while true {
            let chunk: Data
            if #available(macOS 10.15.4, iOS 13.4, tvOS 13.4, watchOS 6.2, *) {
                chunk = try input.read(upToCount: Self.chunkSize) ?? Data()
            } else {
                chunk = input.readData(ofLength: Self.chunkSize)
            }
            guard !chunk.isEmpty else { return }
            try write(chunk)
        }
    }
}
