import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What one call asks of each of its attempts: the body that goes out, and what becomes of the body that
/// comes back.
///
/// Every call takes the same path: ``RequestPipeline`` sends the request through ``HTTPTransport/send(_:)``,
/// with ``upload`` as its body when there is one, gets the head back with the body still arriving, and
/// ``reading`` keeps that body in memory, hands it to the caller as a stream or writes it to a file, before
/// plugins see the response.
struct Exchange: Sendable {
    /// The body sent in place of the one the request was built with; `nil` sends the request as built.
    let upload: UploadBody?
    /// Reports the bytes of the request body as they go out.
    let uploadProgress: TransferProgressHandler?
    /// What becomes of the response body.
    let reading: ResponseReading
    /// How the request body is compressed.
    private(set) var compression = RequestCompression.none

    /// The exchange an endpoint's task needs by itself: its upload, if any, and the body kept in memory.
    init(task: HTTPTask, reading: ResponseReading = .collect(progress: nil)) {
        self.init(upload: task.uploadBody, reading: reading)
    }

    init(upload: UploadBody?, uploadProgress: TransferProgressHandler? = nil, reading: ResponseReading) {
        self.upload = upload
        self.uploadProgress = uploadProgress
        self.reading = reading
    }

    /// Sends `body`, or the body the request was built with when it is `nil`, reporting its bytes to
    /// `progress`, and keeps the response body in memory.
    static func upload(_ body: UploadBody?, progress: TransferProgressHandler?) -> Exchange {
        Exchange(upload: body, uploadProgress: progress, reading: .collect(progress: nil))
    }

    /// Whether this sends the request as built and keeps the body in memory, reporting nothing: the only
    /// exchange whose outcome callers can share.
    var isPlain: Bool {
        guard upload == nil, uploadProgress == nil, case .collect(progress: nil) = reading else { return false }
        return true
    }

    /// This exchange with its request bodies compressed as `compression` says.
    func compressing(_ compression: RequestCompression) -> Exchange {
        var exchange = self
        exchange.compression = compression
        return exchange
    }

    /// Fails early, as a build error, when a file to upload cannot be read.
    func checkReadable() throws(RequestBuildError) {
        guard case .file(let fileURL) = upload else { return }
        try RequestBody.file(fileURL).checkReadable()
    }

    /// Sends `request` with this exchange's body and returns once the response head has arrived.
    ///
    /// A response whose head contradicts itself (see `ResponseHead.framingError`) fails before its body is
    /// read, whichever transport carried it. A request to a pinned host whose pins `transport` cannot check
    /// fails before anything is sent.
    func send(_ request: TransportRequest, through transport: any HTTPTransport) async throws -> TransportResponse {
        if let refusal = request.pinningRefusal(by: transport) { throw refusal }
        var sent = request
        var form: TemporaryFile?
        defer { form?.discard() }
        switch upload {
        case nil:
            if uploadProgress != nil { sent.body = .data(request.head.httpBody ?? Data()) }
        case .data(let data):
            sent.body = .data(data)
        case .file(let fileURL):
            sent.body = .file(fileURL)
        case .multipart(let multipart):
            sent.head.setValue(multipart.contentType, forHTTPHeaderField: "Content-Type")
            let file = try TemporaryFile(suffix: "multipart")
            form = file
            try multipart.write(to: file.url)
            sent.body = .file(file.url)
        }
        let reporter = uploadProgress.map(ProgressReporter.init)
        if let reporter {
            sent.uploadProgress = { reporter.report(completed: $0.completedBytes, total: $0.totalBytes) }
        }
        let compressed = try sent.compressed(by: compression)
        var response = try await transport.send(compressed ?? sent)
        if compressed != nil, response.head.statusCode == 415 {
            // RFC 7694: the server takes no compressed body, so this one goes once more as it is.
            response.body.cancel()
            response = try await transport.send(sent)
        }
        if let error = response.head.framingError {
            response.body.cancel()
            throw error
        }
        if let reporter {
            // The head answers the whole body, whether or not the transport reported its progress.
            if let length = sent.body?.length { reporter.report(completed: length, total: length) }
            reporter.finish()
        }
        return response
    }
}
