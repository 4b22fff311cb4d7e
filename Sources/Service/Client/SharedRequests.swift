import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Identical requests of one ``Router`` on their way to the transport at once, sent once and answered to
/// every caller, when ``RouterConfiguration/deduplicatesRequests`` is set.
///
/// Sharing happens at the last step of an attempt, after every plugin, credential source and challenge
/// answer acted on the request, so two callers share only what would go on the wire byte for byte
/// (see ``SharedRequestKey``). Everything before and after that step stays each caller's own: plugins,
/// retries, credential refreshes, the deadline and cancellation.
///
/// The first caller of a key starts the send in a task of its own; later ones join it until it finishes.
/// Each caller waits on a continuation of its own: a cancelled caller (or one whose deadline passed) gets
/// `CancellationError` at once and leaves, and the send is cancelled only when its last caller leaves.
final class SharedRequests: Sendable {
    typealias Outcome = Result<(ResponseHead, Data), any Error>
    private typealias Waiter = CheckedContinuation<Outcome, Never>

    /// One send in flight and the callers waiting for it.
    private struct Group {
        let id: Int
        var task: Task<Void, Never>?
        var waiters: [Int: Waiter]
    }

    private struct State {
        var nextID = 0
        var groups: [SharedRequestKey: Group] = [:]
        /// Callers cancelled before they joined a group.
        var leftEarly: Set<Int> = []

        mutating func issueID() -> Int {
            defer { nextID += 1 }
            return nextID
        }
    }

    private let state = Locked(State())

    /// How many callers wait for a shared send.
    var callers: Int { state.withLock { $0.groups.values.reduce(0) { $0 + $1.waiters.count } } }

    /// The outcome of the send in flight under `key`, or of `send`, started now, when there is none.
    func outcome(
        for key: SharedRequestKey,
        of send: @escaping @Sendable () async throws -> (ResponseHead, Data)
    ) async throws -> (ResponseHead, Data) {
        let caller = state.withLock { $0.issueID() }
        defer { state.withLock { _ = $0.leftEarly.remove(caller) } }
        let outcome = await withTaskCancellationHandler {
            await withCheckedContinuation { waiter in
                join(key, as: caller, waiter, send: send)
            }
        } onCancel: {
            leave(key, as: caller)
        }
        return try outcome.get()
    }

    private func join(
        _ key: SharedRequestKey,
        as caller: Int,
        _ waiter: Waiter,
        send: @escaping @Sendable () async throws -> (ResponseHead, Data)
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
            waiter.resume(returning: .failure(CancellationError()))
        case .joined:
            break
        case .start(let group):
            // Detached: the send inherits neither the first caller's cancellation nor its task-local values.
            let task = Task.detached { [self] in
                let outcome: Outcome
                do {
                    outcome = .success(try await send())
                } catch {
                    outcome = .failure(error)
                }
                finish(key, group: group, with: outcome)
            }
            let abandoned = state.withLock { state -> Bool in
                guard state.groups[key]?.id == group else { return true }
                state.groups[key]?.task = task
                return false
            }
            // Every caller left before the task was kept (or it finished already, and cancelling is harmless).
            if abandoned { task.cancel() }
        }
    }

    private func leave(_ key: SharedRequestKey, as caller: Int) {
        let (waiter, task) = state.withLock { state -> (Waiter?, Task<Void, Never>?) in
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
        waiter?.resume(returning: .failure(CancellationError()))
        task?.cancel()
    }

    private func finish(_ key: SharedRequestKey, group: Int, with outcome: Outcome) {
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
