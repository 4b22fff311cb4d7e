#if AsyncHTTPClient  // the package trait (Package.swift); without it, only the stand-in (+TraitOff.swift)
import Foundation
import NIOCore
@_spi(Transport) import NetworkLayer

/// Fails a body read that waits for the server longer than the request's timeout, as `URLSession`'s idle
/// timeout does: AsyncHTTPClient bounds a request's wait for its head, and its body only by the client's own
/// read timeout, whatever the request says.
///
/// Only the time spent waiting for the server counts: while the reader waits for its consumer (``paused()``),
/// the clock stands still.
///
/// A body needs no watch when the client's own read timeout is no longer than the request's (see
/// ``needed(for:clientReadTimeout:)``): the watch's timer and the two tasks it runs in cost a request more
/// than anything else the transport adds.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
final class IdleWatch: Sendable {
    private let timeout: Duration
    /// Since when the reader has waited for the server; `nil` while it waits for its consumer.
    private let waitingSince = Locked<ContinuousClock.Instant?>(.now)

    /// The longest sleep between two looks at the clock, so that no sleep is far in the future.
    private static let longestSleep = Duration.seconds(3600)

    init(timeout: TimeAmount) {
        self.timeout = .nanoseconds(max(1, timeout.nanoseconds))
    }

    /// The reader waits for the server from now on.
    func waiting() {
        waitingSince.withLock { $0 = .now }
    }

    /// The reader waits for its consumer: the clock stands still until ``waiting()``.
    func paused() {
        waitingSince.withLock { $0 = nil }
    }

    /// The timeout a watch must enforce on the body of a request whose timeout is `requested`, or `nil` when
    /// `clientReadTimeout`, the client's own read timeout (when known), fails a stalled body as soon or sooner:
    /// AsyncHTTPClient restarts that timer with every part it reads and keeps it running while the reader
    /// waits for its consumer, so it never fires later than a watch of `requested` would.
    static func needed(for requested: TimeAmount, clientReadTimeout: TimeAmount?) -> TimeAmount? {
        guard let clientReadTimeout, clientReadTimeout <= requested else { return requested }
        return nil
    }

    /// Runs `read` and fails it with ``NetworkLayer/NetworkError/Kind/timedOut`` once it has waited for the
    /// server for longer than the timeout without a break; `read` is cancelled then. Without a timeout,
    /// `read` runs in the calling task, given no watch.
    static func run<T: Sendable>(
        timeout: TimeAmount?,
        _ read: @escaping @Sendable (IdleWatch?) async throws -> T
    ) async throws -> T {
        guard let timeout else { return try await read(nil) }
        let watch = IdleWatch(timeout: timeout)
        return try await withThrowingTaskGroup(of: T?.self) { group in
            group.addTask { try await read(watch) }
            group.addTask {
                try await watch.expire()
                return nil
            }
            defer { group.cancelAll() }
            while let result = try await group.next() {
                if let value = result { return value }
            }
            throw CancellationError()
        }
    }

    /// Returns once the reader has waited for the server for the whole timeout; throws when cancelled.
    private func expire() async throws {
        let clock = ContinuousClock()
        while true {
            let since = waitingSince.withLock { $0 } ?? clock.now
            let deadline = since + timeout
            if deadline <= clock.now {
                let (seconds, attoseconds) = timeout.components
                let elapsed = Double(seconds) + Double(attoseconds) * 1e-18
                throw NetworkError(.timedOut, detail: "no body bytes for \(String(format: "%g", elapsed)) s")
            }
            try await Task.sleep(until: min(deadline, clock.now + Self.longestSleep), clock: clock)
        }
    }
}
#endif
