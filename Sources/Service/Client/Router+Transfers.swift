import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension Router {
    /// Sends `endpoint` with the body its task describes and reports the bytes sent.
    ///
    /// For ``HTTPTask/uploadFile(_:contentType:urlParameters:)`` the file is streamed from disk with a
    /// `Content-Length`; for ``HTTPTask/uploadMultipart(_:urlParameters:)`` the form is written to a temporary
    /// file in chunks, uploaded from there and then removed; for any other task the body is the one the task
    /// builds, such as ``HTTPTask/requestData(_:contentType:urlParameters:)``'s bytes. A file that cannot be
    /// read fails with ``NetworkError/Kind/invalidRequest`` before anything is sent. ``request(_:)`` sends the
    /// same request without progress reports.
    ///
    /// The request passes through the router's plugins, credentials, retries and deadline like any
    /// other, and can be cancelled by its calling task or by ``cancel()``.
    public func upload(
        _ endpoint: EndPoint,
        progress: @escaping TransferProgressHandler
    ) async throws(NetworkError) -> Response {
        try await request(endpoint, exchange: .upload(endpoint.task.uploadBody, progress: progress))
    }

    /// Sends `endpoint` like ``request(_:)`` and reports the bytes of the response body as they arrive.
    ///
    /// ``TransferProgress/totalBytes`` is the body's `Content-Length` when the server sends one and the body
    /// is not compressed, otherwise `nil` until the last report. The body is kept in memory, up to
    /// ``RouterConfiguration/maximumResponseSize``, and the last report of a whole response has
    /// ``TransferProgress/completedBytes`` equal to ``TransferProgress/totalBytes``. A retried attempt does
    /// not move the reports back: they resume once it has passed the bytes already reported, so after a
    /// retry the last report can count the longer body of an earlier attempt.
    ///
    /// Only the response is reported. A body the endpoint's task builds or uploads is sent as by
    /// ``request(_:)``; ``upload(_:progress:)`` reports the bytes sent instead.
    public func request(
        _ endpoint: EndPoint,
        progress: @escaping TransferProgressHandler
    ) async throws(NetworkError) -> Response {
        let reporter = ProgressReporter(progress)
        let response = try await request(
            endpoint, exchange: Exchange(task: endpoint.task, reading: .collect(progress: reporter)))
        reporter.finish()
        return response
    }

    /// Sends `endpoint` and writes a `2xx` response's body to `destination`, reporting the bytes received.
    ///
    /// The body goes to a temporary file chunk by chunk and is moved to `destination` (replacing any
    /// file there) only once it is complete. A response with another status leaves `destination`
    /// untouched and keeps its body in ``DownloadResponse/response``; check
    /// `response.statusCode`. A cancelled or failed download leaves no file behind.
    ///
    /// - Parameters:
    ///   - endpoint: What to download.
    ///   - destination: A `file:` URL in an existing directory.
    ///   - progress: Called as the body arrives; the last report of a complete download has
    ///     ``TransferProgress/completedBytes`` equal to ``TransferProgress/totalBytes``.
    public func download(
        _ endpoint: EndPoint,
        to destination: URL,
        progress: TransferProgressHandler? = nil
    ) async throws(NetworkError) -> DownloadResponse {
        let reading = ResponseReading.download(to: destination, progress: progress)
        let response = try await request(endpoint, exchange: Exchange(task: endpoint.task, reading: reading))
        return DownloadResponse(response: response, fileURL: response.head.isSuccessful ? destination : nil)
    }
}
