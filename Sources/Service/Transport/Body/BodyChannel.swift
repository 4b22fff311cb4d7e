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
/// stays bounded however slowly it reads.
final class BodyChannel: Sendable {
    typealias Sink = @Sendable (Data) throws -> Void

    private enum End {
        case finished
        case failed(any Error)
    }

    private struct State {
        var buffered: [Data] = []
        var next = 0
        /// The bytes in `buffered` the consumer has not taken yet.
        var bufferedBytes = 0
        var window = Int.max
        /// Whether bytes past the window wait on disk, in `spill`, rather than in `buffered`.
        var spillsPastWindow = false
        var spill: SpillFile?
        /// The bytes in `spill` the consumer has not taken yet; they all come after `buffered`.
        var spilledBytes = 0
        /// The most bytes that may wait in `spill`; `nil` for no limit.
        var diskLimit: Int?
        var demandWaiters: [CheckedContinuation<Void, Never>] = []
        var end: End?
        var consumed = false
        var waiting: CheckedContinuation<Data?, any Error>?
        /// The installed sink; `nil` while the consumer pulls or the buffer is still being handed to it.
        var sink: Sink?
        var drained: CheckedContinuation<Void, any Error>?
        var onCancel: (@Sendable () -> Void)?
        var endObservers: [@Sendable () -> Void] = []

        /// The chunks waiting in memory, then up to 1 MB of those on disk; call again until it is empty.
        mutating func takeBuffered() throws -> [Data] {
            var chunks = Array(buffered[next...])
            buffered.removeAll(keepingCapacity: false)
            (next, bufferedBytes) = (0, 0)
            while spilledBytes > 0, chunks.count < 16 {
                chunks.append(try takeSpilled())
            }
            return chunks
        }

        /// Whether `chunk` goes to disk: once anything waits there, everything after it does too.
        func spills(_ chunk: Data) -> Bool {
            spillsPastWindow && (spilledBytes > 0 || bufferedBytes + chunk.count > window)
        }

        mutating func spill(_ chunk: Data) throws {
            if let diskLimit, spilledBytes + chunk.count > diskLimit {
                throw SpillFileError.overLimit(diskLimit)
            }
            let file = try spill ?? SpillFile()
            spill = file
            do {
                try file.append(chunk)
            } catch {
                throw SpillFileError.unwritable(error)
            }
            spilledBytes += chunk.count
        }

        /// The next piece of what waits on disk; the file is emptied once all of it was read.
        mutating func takeSpilled() throws -> Data {
            guard let spill else { throw SpillFileError.missing }
            let chunk = try spill.read(upTo: min(SpillFile.readSize, spilledBytes))
            guard !chunk.isEmpty else { throw SpillFileError.shorter(missing: spilledBytes) }
            spilledBytes -= chunk.count
            if spilledBytes == 0 { try spill.reset() }
            return chunk
        }

        /// Lets go of the file and what waits in it, when nobody will read it.
        mutating func dropSpill() {
            (spill, spilledBytes) = (nil, 0)
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

    private let state: Locked<State>

    init(window: Int, spillsPastWindow: Bool = false, onCancel: (@Sendable () -> Void)?) {
        state = Locked(State(window: max(0, window), spillsPastWindow: spillsPastWindow, onCancel: onCancel))
    }

    /// A channel that already holds the whole body.
    init(whole data: Data) {
        state = Locked(State(buffered: data.isEmpty ? [] : [data], bufferedBytes: data.count, end: .finished))
    }

    /// Fails the body once more than `limit` bytes would wait on disk; `nil` lifts the limit. A backlog
    /// already past it fails the body at once.
    func limitDiskBacklog(to limit: Int?) {
        let overLimit = state.withLock { state -> Int? in
            state.diskLimit = limit.map { max(0, $0) }
            guard let limit = state.diskLimit, state.spilledBytes > limit else { return nil }
            return limit
        }
        if let overLimit { stop(with: SpillFileError.overLimit(overLimit).consumerError) }
    }

    /// The bytes waiting for the consumer: in memory, and on disk.
    var backlog: (memory: Int, disk: Int) {
        state.withLock { ($0.bufferedBytes, $0.spilledBytes) }
    }

    // MARK: Transport side

    /// Delivers the next chunk; the transport calls it from one thread at a time.
    func write(_ chunk: Data) {
        enum Delivery {
            case dropped
            case buffered
            case resume(CheckedContinuation<Data?, any Error>)
            case sink(Sink)
            case failed(any Error)
        }
        let delivery = state.withLock { state -> Delivery in
            guard state.end == nil else { return .dropped }
            if let sink = state.sink { return .sink(sink) }
            if let waiting = state.waiting {
                state.waiting = nil
                return .resume(waiting)
            }
            if state.spills(chunk) {
                do {
                    try state.spill(chunk)
                } catch let error as SpillFileError {
                    return .failed(error.consumerError)
                } catch {
                    return .failed(SpillFileError.unwritable(error).consumerError)
                }
                return .buffered
            }
            state.buffered.append(chunk)
            state.bufferedBytes += chunk.count
            return .buffered
        }
        switch delivery {
        case .dropped, .buffered: break
        case .failed(let error): stop(with: error)
        case .resume(let waiting): waiting.resume(returning: chunk)
        case .sink(let sink):
            do {
                try sink(chunk)
            } catch {
                stop(with: error)
            }
        }
    }

    /// Returns once the consumer has taken enough that at most the window's bytes wait for it, or the body
    /// ended; at once while a sink takes the chunks as they come. May return early if the calling task is
    /// cancelled.
    func waitForDemand() async {
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

    /// Ends the body; `error` is `nil` when it arrived whole.
    func finish(throwing error: (any Error)? = nil) {
        struct Waiters {
            var consumer: CheckedContinuation<Data?, any Error>?
            var drained: CheckedContinuation<Void, any Error>?
            var producers: [CheckedContinuation<Void, Never>] = []
            var observers: [@Sendable () -> Void] = []
        }
        let waiters = state.withLock { state -> Waiters in
            guard state.end == nil else { return Waiters() }
            state.end = error.map(End.failed) ?? .finished
            if error != nil { state.dropSpill() }
            state.onCancel = nil
            defer { (state.waiting, state.drained, state.endObservers) = (nil, nil, []) }
            return Waiters(
                consumer: state.waiting, drained: state.drained, producers: state.releasedWaiters(),
                observers: state.endObservers)
        }
        for producer in waiters.producers { producer.resume() }
        for observer in waiters.observers { observer() }
        let (waiting, drained) = (waiters.consumer, waiters.drained)
        if let error {
            waiting?.resume(throwing: error)
            drained?.resume(throwing: error)
        } else {
            waiting?.resume(returning: nil)
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

    // MARK: Consumer side

    /// Stops the body early: the transfer is cancelled and the consumer gets `error`.
    func stop(with error: any Error = CancellationError()) {
        let onCancel = state.withLock { state -> (@Sendable () -> Void)? in
            state.dropSpill()
            guard state.end == nil else { return nil }
            defer { state.onCancel = nil }
            return state.onCancel
        }
        finish(throwing: error)
        onCancel?()
    }

    /// The next chunk, or `nil` at the end of the body.
    func next() async throws -> Data? {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                typealias Taken = (chunk: Result<Data?, any Error>?, producers: [CheckedContinuation<Void, Never>])
                let (ready, producers) = state.withLock { state -> Taken in
                    if state.next < state.buffered.count {
                        let chunk = state.takeNext()
                        return (.success(chunk), state.releasedWaiters())
                    }
                    if state.spilledBytes > 0 {
                        do {
                            return (.success(try state.takeSpilled()), [])
                        } catch {
                            state.dropSpill()
                            return (.failure(SpillFileError.unreadable(error).consumerError), [])
                        }
                    }
                    switch state.end {
                    case .finished:
                        state.dropSpill()
                        return (.success(nil), [])
                    case .failed(let error): return (.failure(error), [])
                    case nil:
                        state.waiting = continuation
                        return (nil, [])
                    }
                }
                for producer in producers { producer.resume() }
                if let ready { continuation.resume(with: ready) }
            }
        } onCancel: {
            stop()
        }
    }

    /// Claims the body for its one consumer; `false` when it was claimed already.
    func claim() -> Bool {
        state.withLock { state in
            defer { state.consumed = true }
            return !state.consumed
        }
    }

    /// Hands every chunk to `sink`, the buffered ones first and then each as it arrives, and returns once the
    /// body has ended. A chunk the sink throws on stops the transfer with that error.
    func drain(into sink: @escaping Sink) async throws {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                while true {
                    let taken = state.withLock {
                        state -> Result<([Data], End?, [CheckedContinuation<Void, Never>]), any Error> in
                        let chunks: [Data]
                        do {
                            chunks = try state.takeBuffered()
                        } catch {
                            state.dropSpill()
                            return .failure(SpillFileError.unreadable(error).consumerError)
                        }
                        if chunks.isEmpty, state.end == nil {
                            state.sink = sink
                            state.drained = continuation
                        }
                        return .success((chunks, state.end, state.releasedWaiters()))
                    }
                    let (chunks, end, producers): ([Data], End?, [CheckedContinuation<Void, Never>])
                    switch taken {
                    case .success(let values): (chunks, end, producers) = values
                    case .failure(let error):
                        stop(with: error)
                        return continuation.resume(throwing: error)
                    }
                    for producer in producers { producer.resume() }
                    if chunks.isEmpty {
                        switch end {
                        case nil: return
                        case .finished: return continuation.resume()
                        case .failed(let error): return continuation.resume(throwing: error)
                        }
                    }
                    do {
                        for chunk in chunks { try sink(chunk) }
                    } catch {
                        stop(with: error)
                        return continuation.resume(throwing: error)
                    }
                }
            }
        } onCancel: {
            stop()
        }
    }
}
