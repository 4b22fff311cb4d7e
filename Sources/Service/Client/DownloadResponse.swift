import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The outcome of ``Router/download(_:to:progress:)``: the response head and where the body went.
public struct DownloadResponse: Sendable {
    /// The response; its ``Response/data`` is empty when the body went to ``fileURL``, and holds
    /// the body otherwise (for example a server's error JSON).
    public let response: Response
    /// Where the body was written, or `nil` when the status was not `2xx` and nothing was written.
    public let fileURL: URL?
}
