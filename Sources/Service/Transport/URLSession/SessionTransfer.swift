import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// How ``SessionDelegate`` handles one task.
struct TransferOptions: Sendable {
    /// The URL of the first request of the redirect chain, for the credential check.
    var origin: URL?
    /// Whether redirects are followed.
    var redirectPolicy: RedirectPolicy = .follow
    /// The most bytes a body kept in memory may have; `nil` for no limit.
    var maximumResponseSize: Int?
    /// Whether the body can be sent again, so that a redirect that keeps the method is re-sent by the
    /// transport with the body instead of being followed by Foundation without it.
    var resendsBody = false
    /// Where a `2xx` body goes, for downloads.
    var destination: URL?
    /// Reports the body going out.
    var uploadProgress: ProgressReporter?
    /// Reports the body coming in.
    var downloadProgress: ProgressReporter?
}

/// How one task ended.
enum TransferOutcome: Sendable {
    /// A final response; the body is empty when it went to the download destination.
    case completed(Data, HTTPURLResponse)
    /// A redirect that keeps the method: the transport must send this request, with the body, itself.
    case redirected(URLRequest)
}

/// What ``SessionDelegate`` knows about one running task.
struct SessionTransfer {
    typealias Completion = @Sendable (Result<TransferOutcome, any Error>) -> Void

    let options: TransferOptions
    let completion: Completion
    var response: HTTPURLResponse?
    /// The body so far, unless it goes to ``file``.
    var body = Data()
    /// The partial download of a `2xx` body.
    var file: DownloadFile?
    var receivedBytes: Int64 = 0
    /// The download progress total of ``response``, when the body goes to ``file``.
    var progressTotal: Int64?
    /// The 401 of a Basic challenge the delegate declined.
    var challengeResponse: HTTPURLResponse?
    /// The request to send next, with the body, when a redirect keeps the method.
    var redirect: URLRequest?
    /// Why the transfer was stopped early, for example a body over the size limit.
    var failure: (any Error)?
    /// When the task was registered or last sent or received anything.
    var lastActivity = DispatchTime.now()
    /// Ends the task if it stays idle; `nil` until the transport starts watching it.
    var watchdog: Watchdog?

    init(options: TransferOptions, completion: @escaping Completion) {
        self.options = options
        self.completion = completion
    }

    /// The response's expected body size, when the server said (`-1` means it did not).
    static func expectedLength(of response: URLResponse) -> Int64? {
        response.expectedContentLength >= 0 ? response.expectedContentLength : nil
    }

    /// The total for download progress: the `Content-Length`, unless the body is compressed
    /// (Foundation decodes it, so the length would not match the bytes that arrive).
    static func progressTotal(of response: HTTPURLResponse) -> Int64? {
        let encoding = response.value(forHTTPHeaderField: "Content-Encoding")?.lowercased() ?? "identity"
        guard encoding == "identity" else { return nil }
        return expectedLength(of: response)
    }
}
