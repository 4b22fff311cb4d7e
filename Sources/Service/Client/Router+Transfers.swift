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
    /// read fails with ``NetworkError/Kind/invalidRequest`` before anything is sent.
    /// ``request(_:progress:)`` sends the same request without reporting the bytes sent.
    ///
    /// The request passes through the router's plugins, credentials, retries and deadline like any
    /// other, and can be cancelled by its calling task or by ``cancel()``.
    public func upload(
        _ endpoint: EndPoint,
        progress: @escaping TransferProgressHandler
    ) async throws(NetworkError) -> Response {
        try await request(endpoint, exchange: .upload(endpoint.task.uploadBody, progress: progress))
    }

    /// Sends `endpoint` and writes a `2xx` response's body to `destination`, reporting the bytes received.
    ///
    /// The body goes to a temporary file chunk by chunk and is moved to `destination` (replacing any
    /// file there) only once it is complete: the file is at `destination` exactly when the returned
    /// response's status is `2xx`, and then its ``Response/data`` is empty. A response with another status
    /// leaves `destination` untouched and keeps its body in ``Response/data`` (a server's error JSON, for
    /// example); check ``Response/statusCode``. A cancelled or failed download leaves no file behind.
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
    ) async throws(NetworkError) -> Response {
        let reading = ResponseReading.download(to: destination, progress: progress)
        return try await request(endpoint, exchange: Exchange(task: endpoint.task, reading: reading))
    }
}
