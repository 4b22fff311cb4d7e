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
    /// The fields that never follow a redirect to another origin, even when safe by name.
    var credentialHeaders: Set<String> = []
    /// The fields that follow a redirect to another origin besides the safe ones.
    var forwardedHeaders: Set<String> = []
    /// Whether the body can be sent again, so that a redirect that keeps the method is re-sent by the
    /// transport with the body instead of being followed by Foundation without it.
    var resendsBody = false
    /// Reports the body going out.
    var uploadProgress: ProgressReporter?
    /// Whether the request is a `HEAD` (redirects keep the method), whose responses have no body.
    var isHEAD = false
    /// Whether the final response goes out once its body is complete (see
    /// ``TransportRequest/keepsWholeBody``), rather than as soon as its head arrives.
    var keepsWholeBody = false
    /// The most bytes of a body gathered whole; `nil` for no limit.
    var maximumResponseSize: Int?
    /// The hosts whose certificate chains must show a pin.
    var certificatePinning: CertificatePinning?
}

/// How one task ended, or how far it got.
enum TransferOutcome: Sendable {
    /// A final response with its whole body: one the router keeps whole, the 401 of a declined challenge, or
    /// a task that never handed over its head.
    case completed(Data, ResponseHead)
    /// A final response whose body is still arriving.
    case streaming(TransportResponse)
    /// A redirect that keeps the method: the transport must send this request, with the body, itself.
    case redirected(URLRequest)
}

/// What ``SessionDelegate`` knows about one running task.
struct SessionTransfer {
    typealias Completion = @Sendable (Result<TransferOutcome, any Error>) -> Void

    let options: TransferOptions
    /// Called once: with the final outcome, or with ``TransferOutcome/streaming(_:)`` when the head of a
    /// streamed body arrives, after which the body's ``writer`` carries the rest.
    let completion: Completion
    var response: HTTPURLResponse?
    /// The head read from ``response``, kept for the checks made when the body has arrived.
    var head: ResponseHead?
    /// The body so far, when it is gathered whole (see ``TransferOptions/keepsWholeBody``).
    var body = Data()
    /// Where the body goes once its head was handed over.
    var writer: ResponseBodyWriter?
    var receivedBytes: Int64 = 0
    /// The 401 of a Basic challenge the delegate declined.
    var challengeResponse: HTTPURLResponse?
    /// The request to send next, with the body, when a redirect keeps the method.
    var redirect: URLRequest?
    /// Why the transfer was stopped early, for example a head that contradicts itself.
    var failure: (any Error)?
    /// When the task was registered or last sent or received anything.
    var lastActivity = DispatchTime.now()
    /// Ends the task if it stays idle; `nil` until the transport starts watching it.
    var watchdog: Watchdog?

    init(options: TransferOptions, completion: @escaping Completion) {
        self.options = options
        self.completion = completion
    }

    /// Ends the transfer with `error`: the body's consumer gets it once the head was handed over, the
    /// waiting exchange otherwise. A `URLError` goes out as the ``NetworkError`` it stands for, and a
    /// cancelled task as `CancellationError`.
    func end(with error: any Error) {
        let failure = Self.classified(error)
        if let writer {
            writer.fail(failure)
        } else {
            completion(.failure(failure))
        }
    }

    private static func classified(_ error: any Error) -> any Error {
        guard let urlError = error as? URLError else { return error }
        if let refused = IPv6LiteralHost.refusal(urlError) { return refused }
        return urlError.code == .cancelled ? CancellationError() : NetworkError(urlError)
    }
}
