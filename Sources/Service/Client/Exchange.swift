import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What the last step of one attempt does with the transport: send the built request and collect the
/// body, upload a body from memory, disk or a form, write a `2xx` body to a file, or hand an accepted body
/// to the caller as a stream.
///
/// Every kind goes through ``HTTPTransport``; uploads hand the transport a ``RequestBody`` and
/// downloads read the transport's ``ResponseBody`` as it arrives, so any transport carries them.
struct Exchange: Sendable {
    enum Kind: Sendable {
        /// Send the request as built and collect the body.
        case plain
        /// Upload `UploadBody`.
        case upload(UploadBody)
        /// Upload the body the request was built with, reporting progress.
        case uploadBuiltBody
        /// Write a `2xx` body to a file.
        case download(to: URL)
        /// Hand an accepted body to the caller as it arrives.
        case stream(StreamHandoff)
    }

    let kind: Kind
    /// Upload progress for uploads, download progress for downloads.
    let progress: TransferProgressHandler?
    /// Reports the bytes of a body kept in memory as they arrive; one reporter for every attempt, so
    /// that a retry does not move the reports back.
    let receiving: ProgressReporter?

    /// The exchange an endpoint's task needs by itself, reporting the response body's bytes to `receiving`.
    init(task: HTTPTask, receiving: ProgressReporter? = nil) {
        self.init(kind: task.uploadBody.map(Kind.upload) ?? .plain, progress: nil, receiving: receiving)
    }

    init(kind: Kind, progress: TransferProgressHandler?, receiving: ProgressReporter? = nil) {
        self.kind = kind
        self.progress = progress
        self.receiving = receiving
    }

    /// Whether this only sends the request as built and collects the body, reporting nothing.
    var isPlain: Bool {
        guard case .plain = kind else { return false }
        return progress == nil && receiving == nil
    }

    /// Fails early, as a build error, when a file to upload cannot be read.
    func checkReadable() throws(RequestBuildError) {
        guard case .upload(.file(let fileURL)) = kind else { return }
        try RequestBody.file(fileURL).checkReadable()
    }

    /// Sends `request` through `transport`; a body kept in memory may have at most `limit` bytes.
    ///
    /// A response whose head contradicts itself (see `ResponseHead.framingError`) fails, whichever
    /// transport carried it.
    func perform(
        _ request: TransportRequest,
        through transport: any HTTPTransport,
        limit: Int?
    ) async throws -> (ResponseHead, Data) {
        let (head, data) = try await exchange(request, through: transport, limit: limit)
        if let error = head.framingError { throw error }
        return (head, data)
    }

    private func exchange(
        _ request: TransportRequest,
        through transport: any HTTPTransport,
        limit: Int?
    ) async throws -> (ResponseHead, Data) {
        var sent = request
        switch kind {
        case .plain:
            return try await collect(sent, through: transport, limit: limit)
        case .uploadBuiltBody:
            sent.body = .data(request.head.httpBody ?? Data())
            return try await upload(sent, through: transport, limit: limit)
        case .upload(.data(let data)):
            sent.body = .data(data)
            return try await upload(sent, through: transport, limit: limit)
        case .upload(.file(let fileURL)):
            sent.body = .file(fileURL)
            return try await upload(sent, through: transport, limit: limit)
        case .upload(.multipart(let form)):
            sent.head.setValue(form.contentType, forHTTPHeaderField: "Content-Type")
            let file = try TemporaryFile(suffix: "multipart")
            defer { file.discard() }
            try form.write(to: file.url)
            sent.body = .file(file.url)
            return try await upload(sent, through: transport, limit: limit)
        case .download(let destination):
            return try await download(sent, to: destination, through: transport, limit: limit)
        case .stream(let handoff):
            return try await stream(sent, into: handoff, through: transport)
        }
    }

    /// Sends `request` and collects the body, at most `limit` bytes, reporting them to ``receiving`` as
    /// they arrive when there is one.
    private func collect(
        _ request: TransportRequest,
        through transport: any HTTPTransport,
        limit: Int?
    ) async throws -> (ResponseHead, Data) {
        guard let receiving else { return try await transport.collect(request, upTo: limit) }
        let response = try await send(request, through: transport)
        let total = response.head.mayHaveBody(after: request.head) ? response.head.decodedLength : 0
        let data = try await response.collect(after: request.head, upTo: limit) { received in
            receiving.report(completed: received, total: total)
        }
        return (response.head, data)
    }

    /// Sends `request` for its body as a stream, failing before the body is read when the head contradicts
    /// itself.
    private func send(_ request: TransportRequest, through transport: any HTTPTransport) async throws
        -> TransportResponse
    {
        let response = try await transport.send(request)
        if let error = response.head.framingError {
            response.body.cancel()
            throw error
        }
        return response
    }

    /// Holds the body of a response whose status the endpoint accepts for the caller, unread; any other
    /// status keeps the first `StreamHandoff.errorBodyLimit` bytes of its body for its error.
    private func stream(
        _ request: TransportRequest,
        into handoff: StreamHandoff,
        through transport: any HTTPTransport
    ) async throws -> (ResponseHead, Data) {
        let response = try await send(request, through: transport)
        guard handoff.acceptable.contains(response.head.statusCode) else {
            return (response.head, try await response.body.collect(first: StreamHandoff.errorBodyLimit))
        }
        handoff.hold(response.body)
        return (response.head, Data())
    }

    /// Uploads `request`'s body, reporting progress as the transport sends it and the whole body once
    /// the response arrived, whether or not the transport reported progress itself.
    private func upload(
        _ request: TransportRequest,
        through transport: any HTTPTransport,
        limit: Int?
    ) async throws -> (ResponseHead, Data) {
        guard let progress else { return try await collect(request, through: transport, limit: limit) }
        var request = request
        let reporter = ProgressReporter(progress)
        request.uploadProgress = { reporter.report(completed: $0.completedBytes, total: $0.totalBytes) }
        let result = try await transport.collect(request, upTo: limit)
        if let length = request.body?.length { reporter.report(completed: length, total: length) }
        reporter.finish()
        return result
    }

    /// Writes a `2xx` body to a temporary file as it arrives, on the transport's thread, and moves it to
    /// `destination` once whole; any other status keeps its body in memory.
    private func download(
        _ request: TransportRequest,
        to destination: URL,
        through transport: any HTTPTransport,
        limit: Int?
    ) async throws -> (ResponseHead, Data) {
        let response = try await send(request, through: transport)
        guard response.head.isSuccessful else {
            return (response.head, try await response.body.collect(upTo: limit))
        }
        let file = try TemporaryFile()
        let reporter = progress.map(ProgressReporter.init)
        let total = response.head.decodedLength
        let received = Locked<Int64>(0)
        do {
            try await response.body.drain { chunk in
                try file.write(chunk)
                let count = received.withLock { count in
                    count += Int64(chunk.count)
                    return count
                }
                reporter?.report(completed: count, total: total)
            }
            try file.move(to: destination)
        } catch {
            file.discard()
            throw error
        }
        reporter?.finish()
        return (response.head, Data())
    }
}
