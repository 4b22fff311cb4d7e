import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Holds a credential and runs at most one refresh of it at a time (single flight).
actor CredentialStore<A: Authenticator>: CredentialSession {
    private let authenticator: A
    private let window: RefreshWindow
    private var credential: A.Credential
    /// Counts refreshes; a request rejected with an older generation than this needs no new refresh.
    private var generation = 0
    private var isRefreshing = false
    private var lastOutcome = RefreshOutcome.retry
    private var refreshTimes: [DispatchTime] = []
    private var waiters: [Int: CheckedContinuation<RefreshOutcome, Never>] = [:]
    private var nextWaiterID = 0

    init(authenticator: A, credential: A.Credential, window: RefreshWindow) {
        self.authenticator = authenticator
        self.credential = credential
        self.window = window
    }

    func authenticate(_ request: URLRequest) async -> (request: URLRequest, generation: Int)? {
        // A request that starts while a refresh runs waits for the new credential rather than
        // sending one that is known to be rejected.
        if isRefreshing, await waitForRefresh() == .cancelled { return nil }
        var request = request
        authenticator.apply(credential, to: &request)
        return (request, generation)
    }

    nonisolated func requiresRefresh(after response: Response) -> Bool {
        authenticator.requiresRefresh(after: response)
    }

    func refresh(rejectedGeneration rejected: Int) async -> RefreshOutcome {
        if rejected < generation { return .retry }
        if !isRefreshing {
            let now = DispatchTime.now()
            refreshTimes.removeAll { now.uptimeNanoseconds - $0.uptimeNanoseconds > window.nanoseconds }
            guard refreshTimes.count < window.maximumRefreshes else { return .failed }
            refreshTimes.append(now)
            isRefreshing = true
            let authenticator = authenticator
            let stale = credential
            // Unstructured, so that cancelling the request that started it does not cancel the
            // refresh the other rejected requests are waiting for.
            Task {
                let fresh: A.Credential?
                do {
                    fresh = try await authenticator.refresh(stale)
                } catch {
                    fresh = nil
                }
                finishRefresh(with: fresh)
            }
        }
        return await waitForRefresh()
    }

    private func finishRefresh(with fresh: A.Credential?) {
        isRefreshing = false
        if let fresh {
            credential = fresh
            generation += 1
        }
        let outcome: RefreshOutcome = fresh == nil ? .failed : .retry
        lastOutcome = outcome
        let waiting = waiters
        waiters.removeAll()
        for continuation in waiting.values {
            continuation.resume(returning: outcome)
        }
    }

    /// Waits until the running refresh ends, or until the calling task is cancelled.
    private func waitForRefresh() async -> RefreshOutcome {
        let id = nextWaiterID
        nextWaiterID += 1
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                if Task.isCancelled || !isRefreshing {
                    continuation.resume(returning: Task.isCancelled ? .cancelled : lastOutcome)
                } else {
                    waiters[id] = continuation
                }
            }
        } onCancel: {
            Task { await self.cancelWaiter(id) }
        }
    }

    private func cancelWaiter(_ id: Int) {
        waiters.removeValue(forKey: id)?.resume(returning: .cancelled)
    }
}

/// At most `maximumRefreshes` refreshes within any `interval` seconds (see ``AuthenticationCoordinator``).
struct RefreshWindow: Sendable, Hashable {
    var interval: TimeInterval
    var maximumRefreshes: Int

    fileprivate var nanoseconds: UInt64 {
        guard interval.isFinite, interval > 0 else { return interval > 0 ? .max : 0 }
        return UInt64(min(interval, Double(UInt64.max / 2) / 1e9) * 1e9)
    }
}
