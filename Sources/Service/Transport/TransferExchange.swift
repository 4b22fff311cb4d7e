import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// How the router sends a request whose body comes from disk or a form, or whose response goes to
/// a file: through a ``TransferTransport`` when the router has one, otherwise through the plain
/// ``HTTPTransport/send(_:)`` with the body in memory.
struct TransferExchange: Sendable {
    enum Kind: Sendable {
        /// Upload `UploadBody`.
        case upload(UploadBody)
        /// Upload the body the request was built with (``HTTPTask/requestData(_:contentType:urlParameters:)``).
        case uploadBuiltBody
        /// Write a `2xx` body to a file.
        case download(to: URL)
    }

    let kind: Kind
    let progress: TransferProgressHandler?

    /// The exchange an endpoint's task needs by itself, or `nil` when a plain send does.
    init?(task: HTTPTask) {
        guard let body = task.uploadBody else { return nil }
        self.init(kind: .upload(body), progress: nil)
    }

    init(kind: Kind, progress: TransferProgressHandler?) {
        self.kind = kind
        self.progress = progress
    }

    /// Sends `request` through `transport` if it can carry transfers, or through `plainSend`.
    func send(
        _ request: URLRequest,
        through transport: (any TransferTransport)?,
        plainSend: @Sendable (URLRequest) async throws -> (Data, HTTPURLResponse)
    ) async throws -> (Data, HTTPURLResponse) {
        switch kind {
        case .uploadBuiltBody:
            let body = request.httpBody ?? Data()
            return try await TransferExchange(kind: .upload(.data(body)), progress: progress)
                .send(request, through: transport, plainSend: plainSend)
        case .upload(let body):
            try Self.checkReadable(body)
            var request = request
            if case .multipart(let form) = body {
                request.setValue(form.contentType, forHTTPHeaderField: "Content-Type")
            }
            if let transport { return try await transport.upload(request, from: body, progress: progress) }
            var withBody = request
            withBody.httpBodyStream = nil
            withBody.httpBody = try Self.inMemory(body)
            let total = Int64(withBody.httpBody?.count ?? 0)
            let result = try await plainSend(withBody)
            progress?(TransferProgress(completedBytes: total, totalBytes: total))
            return result
        case .download(let destination):
            if let transport { return try await transport.download(request, to: destination, progress: progress) }
            let (data, response) = try await plainSend(request)
            guard response.isSuccessful else { return (data, response) }
            try data.write(to: destination, options: .atomic)
            let total = Int64(data.count)
            progress?(TransferProgress(completedBytes: total, totalBytes: total))
            return (Data(), response)
        }
    }

    /// Fails early, as a build error, when a file to upload cannot be read.
    private static func checkReadable(_ body: UploadBody) throws(RequestBuildError) {
        guard case .file(let fileURL) = body else { return }
        guard fileURL.isFileURL, FileManager.default.isReadableFile(atPath: fileURL.path) else {
            throw .encodingFailed(reason: "cannot read \(fileURL.path)")
        }
    }

    private static func inMemory(_ body: UploadBody) throws -> Data {
        switch body {
        case .data(let data): return data
        case .file(let fileURL): return try Data(contentsOf: fileURL)
        case .multipart(let form): return try form.encoded()
        }
    }
}
