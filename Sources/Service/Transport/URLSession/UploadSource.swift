import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Where an upload task of ``URLSessionTransport`` reads a `RequestBody` from.
///
/// Bytes go out from memory and files from disk. A stream is first written to a temporary file,
/// because Foundation on Linux cannot send a body stream with a `Content-Length`; the file is removed
/// by ``cleanUp()``.
struct UploadSource: Sendable {
    /// The task body; `nil` when the request's own `httpBody`, if any, goes out with a data task.
    let taskBody: TaskBody?
    private let temporaryFile: URL?

    init(_ request: TransportRequest) async throws {
        switch request.body {
        case nil:
            (taskBody, temporaryFile) = (nil, nil)
        case .data(let data):
            (taskBody, temporaryFile) = (.data(data), nil)
        case .file(let fileURL):
            try request.body?.checkReadable()
            (taskBody, temporaryFile) = (.file(fileURL), nil)
        case .stream(let chunks, _):
            let file = try TemporaryFile(suffix: "upload")
            do {
                for try await chunk in chunks { try file.write(chunk) }
                try file.close()
            } catch {
                file.discard()
                throw error
            }
            (taskBody, temporaryFile) = (.file(file.url), file.url)
        }
    }

    /// Removes the temporary file a stream was written to.
    func cleanUp() {
        if let temporaryFile { try? FileManager.default.removeItem(at: temporaryFile) }
    }
}
