import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Identical `GET` and `HEAD` requests of one ``Router`` in flight at once, sent once and answered to every
/// caller, when ``RouterConfiguration/deduplicatesRequests`` is set.
///
/// The first caller of a key starts the shared request; later ones join it until it finishes. Each caller
/// waits on a continuation of its own: a cancelled caller gets ``NetworkError/cancelled(_:)`` at once and
/// leaves, and the shared request is cancelled only when its last caller leaves.
final class SharedRequests: Sendable {
    /// What makes two requests identical.
    struct Key: Hashable, Sendable {
        let method: String
        let url: URL
        let headers: [String: String]
        /// Whether the router's credentials are added, which the built request does not show yet.
        let authenticated: Bool

        /// The key of `request`, or `nil` when it must not be shared: only bodiless `GET` and `HEAD`
        /// requests are.
        init?(_ request: URLRequest, authenticated: Bool) {
            guard let method = request.httpMethod, method == "GET" || method == "HEAD", let url = request.url,
                request.httpBody == nil, request.httpBodyStream == nil
            else { return nil }
            self.method = method
            self.url = url
            self.headers = request.allHTTPHeaderFields ?? [:]
            self.authenticated = authenticated
        }
    }

    typealias Outcome = Result<Response, NetworkError>
    private typealias Waiter = CheckedContinuation<Outcome, Never>

    /// One request on the wire and the callers waiting for it.
    private struct Group {
        let id: Int
        var task: Task<Outcome, Never>?
        var waiters: [Int: Waiter]
    }

    private struct State {
        var nextID = 0
        var groups: [Key: Group] = [:]
        /// Callers cancelled before they joined a group.
        var leftEarly: Set<Int> = []

        mutating func issueID() -> Int {
            defer { nextID += 1 }
            return nextID
        }
    }

    private let state = Locked(State())

    /// How many callers wait for a shared request.
    var callers: Int { state.withLock { $0.groups.values.reduce(0) { $0 + $1.waiters.count } } }

    /// The outcome of the request in flight under `key`, or of one that `start` begins when there is none.
    ///
    /// - Parameters:
    ///   - cancelled: What a cancelled caller gets.
    ///   - start: Starts the request in a task of its own, which calls `finish` with the outcome.
    func response(
        for key: Key,
        cancelled: NetworkError,
        start: (_ finish: @escaping @Sendable (Outcome) -> Void) -> Task<Outcome, Never>
    ) async -> Outcome {
        let caller = state.withLock { $0.issueID() }
        defer { state.withLock { _ = $0.leftEarly.remove(caller) } }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { waiter in
                join(key, as: caller, waiter, cancelled: cancelled, start: start)
            }
        } onCancel: {
            leave(key, as: caller, cancelled: cancelled)
        }
    }

    private func join(
        _ key: Key,
        as caller: Int,
        _ waiter: Waiter,
        cancelled: NetworkError,
        start: (_ finish: @escaping @Sendable (Outcome) -> Void) -> Task<Outcome, Never>
    ) {
        enum Step {
            case cancelled, joined
            case start(group: Int)
        }
        let step = state.withLock { state -> Step in
            if state.leftEarly.contains(caller) { return .cancelled }
            if state.groups[key] != nil {
                state.groups[key]?.waiters[caller] = waiter
                return .joined
            }
            let group = state.issueID()
            state.groups[key] = Group(id: group, task: nil, waiters: [caller: waiter])
            return .start(group: group)
        }
        switch step {
        case .cancelled:
            waiter.resume(returning: .failure(cancelled))
        case .joined:
            break
        case .start(let group):
            let task = start { [self] outcome in finish(key, group: group, with: outcome) }
            let abandoned = state.withLock { state -> Bool in
                guard state.groups[key]?.id == group else { return true }
                state.groups[key]?.task = task
                return false
            }
            // Every caller left before the task was kept (or it finished already, and cancelling is harmless).
            if abandoned { task.cancel() }
        }
    }

    private func leave(_ key: Key, as caller: Int, cancelled: NetworkError) {
        let (waiter, task) = state.withLock { state -> (Waiter?, Task<Outcome, Never>?) in
            guard var group = state.groups[key], let waiter = group.waiters.removeValue(forKey: caller) else {
                state.leftEarly.insert(caller)
                return (nil, nil)
            }
            guard group.waiters.isEmpty else {
                state.groups[key] = group
                return (waiter, nil)
            }
            state.groups[key] = nil
            return (waiter, group.task)
        }
        waiter?.resume(returning: .failure(cancelled))
        task?.cancel()
    }

    private func finish(_ key: Key, group: Int, with outcome: Outcome) {
        let waiters = state.withLock { state -> [Waiter] in
            guard let found = state.groups[key], found.id == group else { return [] }
            state.groups[key] = nil
            return Array(found.waiters.values)
        }
        for waiter in waiters {
            waiter.resume(returning: outcome)
        }
    }
}
