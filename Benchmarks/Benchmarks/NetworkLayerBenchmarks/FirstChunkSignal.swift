import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A data task's delegate that notes when the body's first chunk has arrived and lets the rest go, so that the
/// stream cancellation reference stops its task at the same point of the transfer as the router's consumer
/// stops its stream: once the first chunk is in.
final class FirstChunkSignal: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    // Guards `arrived` and `waiter`; held only to read or swap them.
    private let lock = NSLock()
    private var arrived = false
    private var waiter: CheckedContinuation<Void, Never>?

    /// Returns once the first chunk has arrived, or the task has ended without one.
    func firstChunk() async {
        await withCheckedContinuation { continuation in
            let ready = lock.withLock {
                if !arrived { waiter = continuation }
                return arrived
            }
            if ready { continuation.resume() }
        }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        signal()
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        signal()
    }

    private func signal() {
        let waiter = lock.withLock { () -> CheckedContinuation<Void, Never>? in
            guard !arrived else { return nil }
            arrived = true
            defer { self.waiter = nil }
            return self.waiter
        }
        waiter?.resume()
    }
}
