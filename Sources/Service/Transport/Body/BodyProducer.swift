import Foundation

/// Runs, once, the code a transport gives to fill a ``ResponseBody``
/// (`ResponseBody.produced(window:by:)`), when the body's consumer first reads.
///
/// A body that the router collects whole in the request's own task is filled in that task, chunk by chunk
/// into the collected bytes: no task of its own, no hand-over between threads. Any other consumer gets
/// the producer in a task of its own, which stopping the body cancels, wherever its consumer runs.
final class BodyProducer: Sendable {
    typealias Produce = @Sendable (ResponseBodyWriter) async -> Void

    private enum State {
        case waiting(Produce)
        case starting
        case running(Task<Void, Never>)
        case done
    }

    private let state: Locked<State>

    init(_ produce: @escaping Produce) {
        state = Locked(.waiting(produce))
    }

    /// Starts the producer in a task of its own, unless it has started or stopped already.
    func start(writing writer: ResponseBodyWriter) {
        guard let produce = take(next: .starting) else { return }
        let task = Task { await Self.run(produce, writing: writer) }
        let stopped = state.withLock { state -> Bool in
            guard case .starting = state else { return true }
            state = .running(task)
            return false
        }
        if stopped { task.cancel() }
    }

    /// Runs the producer in the calling task and returns once it has; `false` when it had started or
    /// stopped already.
    func runHere(writing writer: ResponseBodyWriter) async -> Bool {
        guard let produce = take(next: .done) else { return false }
        await Self.run(produce, writing: writer)
        return true
    }

    /// Stops the producer: one not started yet never starts, and the task of a running one is cancelled.
    /// One running in its consumer's task sees its writes refused.
    func stop() {
        let running = state.withLock { state -> Task<Void, Never>? in
            defer { state = .done }
            if case .running(let task) = state { return task }
            return nil
        }
        running?.cancel()
    }

    private func take(next: State) -> Produce? {
        state.withLock { state in
            guard case .waiting(let produce) = state else { return nil }
            state = next
            return produce
        }
    }

    /// A producer that returns without ending the body ends it as cancelled; once it ended, that is dropped.
    private static func run(_ produce: Produce, writing writer: ResponseBodyWriter) async {
        await produce(writer)
        writer.fail(CancellationError())
    }
}
