import Foundation

/// The body of an upload, as the endpoint's task describes it (see `HTTPTask.uploadBody`).
enum UploadBody: Sendable {
    /// Bytes in memory, sent with a `Content-Length`.
    case data(Data)
    /// A local file, streamed from disk and sent with a `Content-Length`.
    case file(URL)
    /// A `multipart/form-data` form, written to a temporary file in chunks and uploaded from it.
    case multipart(MultipartFormData)
    /// Bytes produced as they are sent, made anew for each attempt.
    case stream(UploadStream)
}
