/// How far an upload or a download has come, in bytes.
///
/// Reports arrive in order and never go backwards; the last one of a finished transfer has
/// ``completedBytes`` equal to ``totalBytes``. Foundation's `task.progress` is not used (Linux
/// never updates it): the numbers come from the session delegate's byte counters.
///
/// Pass a closure as `progress:`, or turn the reports into an `AsyncStream`:
///
/// ```swift
/// let (updates, continuation) = AsyncStream.makeStream(of: TransferProgress.self)
/// Task { for await update in updates { print(update.fractionCompleted ?? 0) } }
/// let response = try await router.download(.poster(id: 7), to: destination) { continuation.yield($0) }
/// continuation.finish()
/// ```
public struct TransferProgress: Sendable, Hashable {
    /// Bytes sent (uploads) or received (downloads) so far.
    public let completedBytes: Int64
    /// The size of the whole body, when it is known (a `Content-Length`, or a file's size).
    public let totalBytes: Int64?

    /// Creates a progress report.
    @_spi(Transport) public init(completedBytes: Int64, totalBytes: Int64?) {
        self.completedBytes = completedBytes
        self.totalBytes = totalBytes
    }

    /// The share done, from 0 to 1, or `nil` while the total is unknown.
    public var fractionCompleted: Double? {
        guard let totalBytes else { return nil }
        guard totalBytes > 0 else { return 1 }
        return min(1, Double(completedBytes) / Double(totalBytes))
    }

    /// Whether every byte of a known total is done.
    var isFinished: Bool {
        totalBytes.map { completedBytes >= $0 } ?? false
    }
}

/// Receives ``TransferProgress`` reports.
///
/// Called on the thread that delivers the session's callbacks (on Linux, the session's network thread):
/// keep it short and never block in it, or hand the reports to an `AsyncStream`.
public typealias TransferProgressHandler = @Sendable (TransferProgress) -> Void
