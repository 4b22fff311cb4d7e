import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A transport that can also stream uploads from disk, download to files and report progress.
///
/// ``URLSessionTransport`` adopts it. ``HTTPTransport`` stays a one-method protocol, so custom
/// transports keep compiling: for one that does not adopt this protocol (``ClosureTransport``,
/// ``StubTransport``), the router falls back to ``HTTPTransport/send(_:)`` with the body in memory
/// and writes a downloaded body to its destination itself.
public protocol TransferTransport: HTTPTransport {
    /// Sends `request` with `body` (any body the request carries is ignored) and returns the response.
    ///
    /// - Parameters:
    ///   - request: The request head: URL, method and headers.
    ///   - body: What to send.
    ///   - progress: Called as the body goes out.
    func upload(
        _ request: URLRequest,
        from body: UploadBody,
        progress: TransferProgressHandler?
    ) async throws -> (Data, HTTPURLResponse)

    /// Sends `request` and writes a `2xx` response's body to `destination`, replacing any file there.
    ///
    /// - Parameters:
    ///   - request: The request to send.
    ///   - destination: A `file:` URL in an existing directory.
    ///   - progress: Called as the body comes in.
    /// - Returns: Empty data for a `2xx` response, whose body is now at `destination`. Any other
    ///   response's body is returned in memory and `destination` is left untouched. A cancelled or
    ///   failed download leaves no partial file behind.
    func download(
        _ request: URLRequest,
        to destination: URL,
        progress: TransferProgressHandler?
    ) async throws -> (Data, HTTPURLResponse)
}

extension HTTPURLResponse {
    /// Whether the status is `2xx`: only then does a download keep the body as a file.
    var isSuccessful: Bool { (200..<300).contains(statusCode) }
}
