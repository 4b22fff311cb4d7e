import Foundation

/// Hands the chunks of one response body from the transport that receives them to the one consumer
/// that reads them, in order.
///
/// The consumer either pulls chunks with ``next()`` (buffered until it asks), or installs a sink with
/// ``drain(into:)`` that runs on the transport's own thread as each chunk arrives, which is how bodies
/// are collected in memory or written to a file without a thread hop per chunk. Whichever side stops
/// first ends the exchange for the other: a cancelled consumer stops the transfer through `onCancel`,
/// and a failed transfer fails the consumer. A transport that can pause its reads waits in
/// ``waitForDemand()`` while more than `window` bytes wait for the consumer; for one that cannot, the
/// channel keeps the bytes past the window in a ``SpillFile`` until the consumer catches up, so memory
/// stays bounded however slowly it reads. That file is written off the transport's thread, one chunk at a
/// time and in order, by a writer of its own (see `BodyChannel+Spilling.swift`), and read by the consumer,
/// both outside the channel's lock (see ``SpillBacklog``): a slow disk holds up neither the transport's
/// thread, which other bodies share, nor the consumer of bytes already in memory, nor ``stop(with:)``.
final class BodyChannel: Sendable {
    typealias Sink = @Sendable (Data) throws -> Void

    enum End {
        case finished
        case failed(any Error)
    }

    /// What the consumer gets next: a chunk (`nil` at the end), or bytes of the backlog to read from disk.
    enum Taken {
        case chunk(Data?)
        case read(SpillBacklog.Read)
    }

    struct State {
        var buffered: [Data] = []
        var next = 0
        /// The bytes in `buffered` the consumer has not taken yet.
        var bufferedBytes = 0
        var window = Int.max
        /// Whether bytes past the window wait on disk, in `spill`, rather than in `buffered`.
        var spillsPastWindow = false
        /// The bytes waiting on disk; they all come after `buffered`.
        var spill = SpillBacklog()
        /// Chunks on their way to disk, after `spill`, in the order they arrived; the spill writer takes them.
        var queued: [Data] = []
        var queuedBytes = 0
        /// Whether the spill writer is at work; it stops once `queued` is empty.
        var isSpilling = false
        /// The transport's thread, waiting while more than the window's bytes are queued for the disk.
        var queueFull: DispatchSemaphore?
        var demandWaiters: [CheckedContinuation<Void, Never>] = []
        var end: End?
        var consumed = false
        var waiting: CheckedContinuation<Taken, any Error>?
        /// The installed sink; `nil` while the consumer pulls or the buffer is still being handed to it.
        var sink: Sink?
        var drained: CheckedContinuation<Void, any Error>?
        var onCancel: (@Sendable () -> Void)?
        var endObservers: [@Sendable () -> Void] = []

        /// The chunks waiting in memory.
        mutating func takeBuffered() -> [Data] {
            let chunks = Array(buffered[next...])
            buffered.removeAll(keepingCapacity: false)
            (next, bufferedBytes) = (0, 0)
            return chunks
        }

        /// Whether anything waits on disk or on its way there (the spill writer still at work), which
        /// everything that arrives later follows.
        var hasBacklogOnDisk: Bool { !spill.isEmpty || !queued.isEmpty || isSpilling }

        /// Whether the consumer is to wait for chunks on their way to disk: unless the body failed, which
        /// let go of them.
        var awaitsBacklogOnDisk: Bool { hasBacklogOnDisk && end.map(\.isFinished) ?? true }

        /// Whether `chunk` goes to disk: once anything waits there, everything after it does too.
        func spills(_ chunk: Data) -> Bool {
            spillsPastWindow && (hasBacklogOnDisk || bufferedBytes + chunk.count > window)
        }

        /// The next buffered chunk, which the buffer lets go of.
        mutating func takeNext() -> Data {
            let chunk = buffered[next]
            buffered[next] = Data()
            next += 1
            bufferedBytes -= chunk.count
            if next == buffered.count { (buffered, next) = ([], 0) }
            return chunk
        }

        /// The producers to wake: all of them once the body ended or the buffer is within the window.
        mutating func releasedWaiters() -> [CheckedContinuation<Void, Never>] {
            guard end != nil || sink != nil || bufferedBytes <= window else { return [] }
            defer { demandWaiters = [] }
            return demandWaiters
        }
    }

    let state: Locked<State>
    /// Opens the file a backlog starts; a seam for tests that stand in a slow disk.
    let makeSpillStorage: @Sendable () throws -> any SpillStorage

    init(
        window: Int, spillsPastWindow: Bool = false, onCancel: (@Sendable () -> Void)?,
        makeSpillStorage: @escaping @Sendable () throws -> any SpillStorage = { try SpillFile() }
    ) {
        state = Locked(State(window: max(0, window), spillsPastWindow: spillsPastWindow, onCancel: onCancel))
        self.makeSpillStorage = makeSpillStorage
    }

    /// A channel that already holds the whole body.
    init(whole data: Data) {
        state = Locked(State(buffered: data.isEmpty ? [] : [data], bufferedBytes: data.count, end: .finished))
        makeSpillStorage = { try SpillFile() }
    }

    /// Fails the body once more than `limit` bytes would wait on disk; `nil` lifts the limit. A backlog
    /// already past it fails the body at once.
    func limitDiskBacklog(to limit: Int?) {
        let overLimit = state.withLock { state -> Int? in
            state.spill.limit = limit.map { max(0, $0) }
            guard let limit = state.spill.limit, state.spill.bytes + state.queuedBytes > limit else { return nil }
            return limit
        }
        if let overLimit { stop(with: SpillFileError.overLimit(overLimit).consumerError) }
    }

    /// The bytes waiting for the consumer: in memory, and on disk (counting those on their way there).
    var backlog: (memory: Int, disk: Int) {
        state.withLock { ($0.bufferedBytes, $0.spill.bytes + $0.queuedBytes) }
    }

    /// Whether the spill writer is at work, for tests that wait until it has written what was queued.
    var isWritingToDisk: Bool { state.withLock { $0.isSpilling } }

    /// Whether the consumer waits for the transport's next chunk, pulling or through a sink.
    var awaitsChunk: Bool {
        state.withLock { $0.waiting != nil || $0.sink != nil }
    }

    /// Delivers the next chunk; the transport calls it from one thread at a time. Never waits for the disk:
    /// a chunk past the window is queued for the spill writer, and only while more than the window's bytes
    /// are queued does the transport's thread wait for it. `false` when the chunk was dropped: the body had
    /// ended or its consumer stopped.
    @discardableResult
    func write(_ chunk: Data) -> Bool {
        enum Delivery {
            case dropped
            case buffered
            case resume(CheckedContinuation<Taken, any Error>)
            case sink(Sink)
            case queued(startsWriter: Bool, queueFull: DispatchSemaphore?)
            case failed(any Error)
        }
        let delivery = state.withLock { state -> Delivery in
            guard state.end == nil else { return .dropped }
            if !state.hasBacklogOnDisk {
                if let sink = state.sink { return .sink(sink) }
                if let waiting = state.waiting {
                    state.waiting = nil
                    return .resume(waiting)
                }
            }
            guard state.spills(chunk) else {
                state.buffered.append(chunk)
                state.bufferedBytes += chunk.count
                return .buffered
            }
            if let limit = state.spill.limit, state.spill.bytes + state.queuedBytes + chunk.count > limit {
                return .failed(SpillFileError.overLimit(limit).consumerError)
            }
            state.queued.append(chunk)
            state.queuedBytes += chunk.count
            defer { state.isSpilling = true }
            let queueFull =
                state.queuedBytes > max(state.window, SpillFile.readSize) ? DispatchSemaphore(value: 0) : nil
            state.queueFull = queueFull
            return .queued(startsWriter: !state.isSpilling, queueFull: queueFull)
        }
        switch delivery {
        case .dropped: return false
        case .buffered: return true
        case .failed(let error):
            stop(with: error)
            return false
        case .resume(let waiting):
            waiting.resume(returning: .chunk(chunk))
            return true
        case .sink(let sink): return deliver(chunk, to: sink)
        case .queued(let startsWriter, let queueFull):
            if startsWriter { DispatchQueue.global().async { self.spillQueued() } }
            queueFull?.wait()
            return true
        }
    }

    /// Hands `chunk` to `sink`; `false`, the body stopped, when the sink throws.
    @discardableResult
    func deliver(_ chunk: Data, to sink: Sink) -> Bool {
        do {
            try sink(chunk)
            return true
        } catch {
            stop(with: error)
            return false
        }
    }

    /// Hands each chunk written from now on straight to `sink`, for a producer that runs in its consumer's task.
    func attach(_ sink: @escaping Sink) {
        state.withLock { $0.sink = sink }
    }

    /// Returns once the consumer has taken enough that at most the window's bytes wait for it, or the body
    /// ended; at once while a sink takes the chunks as they come. May return early if the calling task is
    /// cancelled.
    func waitForDemand() async {
        // Most chunks find room: no continuation for them.
        guard state.withLock({ $0.end == nil && $0.sink == nil && $0.bufferedBytes > $0.window }) else { return }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let ready = state.withLock { state in
                    state.demandWaiters.append(continuation)
                    return state.releasedWaiters()
                }
                for waiter in ready { waiter.resume() }
            }
        } onCancel: {
            let waiters = state.withLock { state in
                defer { state.demandWaiters = [] }
                return state.demandWaiters
            }
            for waiter in waiters { waiter.resume() }
        }
    }

    /// Ends the body; `error` is `nil` when it arrived whole. A failed body still hands over the chunks that
    /// arrived before it failed, unless `discardingBuffered`: a stopped one gives its consumer nothing more.
    func finish(throwing error: (any Error)? = nil, discardingBuffered: Bool = false) {
        struct Waiters {
            var consumer: CheckedContinuation<Taken, any Error>?
            var drained: CheckedContinuation<Void, any Error>?
            var producers: [CheckedContinuation<Void, Never>] = []
            var observers: [@Sendable () -> Void] = []
            /// The backlog's file, released after the lock.
            var released: (any SpillStorage)?
            var queueFull: DispatchSemaphore?
        }
        let waiters = state.withLock { state -> Waiters in
            guard state.end == nil else { return Waiters() }
            state.end = error.map(End.failed) ?? .finished
            state.onCancel = nil
            var waiters = Waiters(producers: state.releasedWaiters(), observers: state.endObservers)
            state.endObservers = []
            if error != nil {
                if discardingBuffered { _ = state.takeBuffered() }
                waiters.released = state.spill.letGo()
                (state.queued, state.queuedBytes) = ([], 0)
                waiters.queueFull = state.takeQueueFull(below: .max)
            }
            // A consumer that waits for chunks still on their way to disk is ended by the spill writer.
            if error != nil || !state.hasBacklogOnDisk {
                (waiters.consumer, waiters.drained) = (state.waiting, state.drained)
                (state.waiting, state.drained) = (nil, nil)
            }
            return waiters
        }
        waiters.queueFull?.signal()
        for producer in waiters.producers { producer.resume() }
        for observer in waiters.observers { observer() }
        let (waiting, drained) = (waiters.consumer, waiters.drained)
        if let error {
            waiting?.resume(throwing: error)
            drained?.resume(throwing: error)
        } else {
            waiting?.resume(returning: .chunk(nil))
            drained?.resume()
        }
    }

    /// Runs `action` once the body has ended, whichever way; at once if it has ended already.
    func whenEnded(_ action: @escaping @Sendable () -> Void) {
        let ended = state.withLock { state in
            if state.end == nil { state.endObservers.append(action) }
            return state.end != nil
        }
        if ended { action() }
    }
}
