import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Enforces a request's total deadline (``RouterConfiguration/deadline``, ``EndPointType/deadline``).
///
/// Foundation cannot do it: on Linux it ignores `timeoutIntervalForResource` and truncates fractional
/// timeouts, and no URLSession timeout spans retries.
enum Deadline {
    /// Runs `operation` and returns its result, or ``NetworkError/Kind/timedOut`` once `seconds` have
    /// passed, whichever comes first. An operation that is still running at the deadline is cancelled.
    ///
    /// Cancelling the calling task returns ``NetworkError/Kind/cancelled`` at once and cancels the operation.
    /// Both errors name `request`.
    static func run<Success: Sendable>(
        within seconds: TimeInterval,
        for request: URLRequest,
        _ operation: @escaping @Sendable () async -> Result<Success, NetworkError>
    ) async -> Result<Success, NetworkError> {
        let outcome = Locked(Outcome<Success>())
        let work = Task { outcome.finish(with: await operation()) }
        // A Dispatch timer, so the deadline fires on time even while every thread of the concurrency
        // pool is busy.
        let timer = DispatchWorkItem {
            let missed = NetworkError(.timedOut, detail: "deadline of \(String(format: "%g", seconds)) s passed")
            outcome.finish(with: .failure(NetworkError(missed, sending: request)))
            work.cancel()
        }
        DispatchQueue.global().asyncAfter(deadline: .now() + min(max(seconds, 0), 1e8), execute: timer)
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                outcome.wait(with: continuation)
            }
        } onCancel: {
            outcome.finish(with: .failure(.cancelled(sending: request)))
            work.cancel()
        }
        timer.cancel()
        return result
    }

    /// `seconds` as nanoseconds for `Task.sleep`, clamped to what fits.
    static func nanoseconds(_ seconds: TimeInterval) -> UInt64 {
        guard seconds > 0 else { return 0 }
        guard seconds < 1e9 else { return 1_000_000_000 * 1_000_000_000 }
        return UInt64(seconds * 1e9)
    }

    /// The first result, and the continuation waiting for it; whichever arrives second completes the wait.
    struct Outcome<Success: Sendable> {
        var result: Result<Success, NetworkError>?
        var continuation: CheckedContinuation<Result<Success, NetworkError>, Never>?
    }
}

extension Locked {
    /// Records `result` unless one is already recorded, and resumes the waiter if it is waiting.
    fileprivate func finish<Success>(with result: Result<Success, NetworkError>)
    where Value == Deadline.Outcome<Success> {
        let waiter = withLock { state -> CheckedContinuation<Result<Success, NetworkError>, Never>? in
            guard state.result == nil else { return nil }
            state.result = result
            defer { state.continuation = nil }
            return state.continuation
        }
        waiter?.resume(returning: result)
    }

    /// Resumes `continuation` with the result if there is one already, or keeps it for ``finish(with:)``.
    fileprivate func wait<Success>(with continuation: CheckedContinuation<Result<Success, NetworkError>, Never>)
    where Value == Deadline.Outcome<Success> {
        let result = withLock { state -> Result<Success, NetworkError>? in
            if state.result == nil { state.continuation = continuation }
            return state.result
        }
        if let result { continuation.resume(returning: result) }
    }
}
