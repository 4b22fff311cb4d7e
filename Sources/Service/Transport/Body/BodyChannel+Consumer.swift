import Foundation

/// The consumer's side of a ``BodyChannel``: it pulls chunks one at a time, or drains them into a sink, and
/// can stop the body early.
extension BodyChannel {
    /// Stops the body early: the transfer is cancelled and the consumer gets `error` at its next read, however
    /// many chunks were waiting for it.
    func stop(with error: any Error = CancellationError()) {
        // The file let go of is released here, after the lock.
        let (onCancel, _) = state.withLock { state -> ((@Sendable () -> Void)?, (any SpillStorage)?) in
            let released = state.spill.letGo()
            guard state.end == nil else { return (nil, released) }
            defer { state.onCancel = nil }
            return (state.onCancel, released)
        }
        finish(throwing: error, discardingBuffered: true)
        onCancel?()
    }

    /// The next chunk, or `nil` at the end of the body. A consumer whose task is cancelled stops here with
    /// `CancellationError`, even when the rest of the body has arrived already.
    func next() async throws -> Data? {
        if Task.isCancelled {
            stop()
            throw CancellationError()
        }
        return try await withTaskCancellationHandler {
            while true {
                switch try await take() {
                case .chunk(let chunk): return chunk
                case .read(let read):
                    if let chunk = try readSpilled(read) { return chunk }
                }
            }
        } onCancel: {
            stop()
        }
    }

    /// What the consumer gets next, waiting for it if need be.
    private func take() async throws -> Taken {
        try await withCheckedThrowingContinuation { continuation in
            typealias Next = (taken: Result<Taken, any Error>?, producers: [CheckedContinuation<Void, Never>])
            let (ready, producers) = state.withLock { state -> Next in
                if state.next < state.buffered.count {
                    let chunk = state.takeNext()
                    return (.success(.chunk(chunk)), state.releasedWaiters())
                }
                if let read = state.spill.claimRead(upTo: SpillFile.readSize) { return (.success(.read(read)), []) }
                // A chunk on its way to disk comes next: the spill writer hands it over.
                if state.awaitsBacklogOnDisk {
                    state.waiting = continuation
                    return (nil, [])
                }
                switch state.end {
                case .finished: return (.success(.chunk(nil)), [])
                case .failed(let error): return (.failure(error), [])
                case nil:
                    state.waiting = continuation
                    return (nil, [])
                }
            }
            for producer in producers { producer.resume() }
            if let ready { continuation.resume(with: ready) }
        }
    }

    /// Claims the body for its one consumer; `false` when it was claimed already.
    func claim() -> Bool {
        state.withLock { state in
            defer { state.consumed = true }
            return !state.consumed
        }
    }

    /// Claims a body that ended before it was read, with all its bytes in memory, and hands them over at once:
    /// what collecting it chunk by chunk would give. `nil`, claiming nothing, for any other body.
    func takeWhole() -> Data? {
        state.withLock { state -> Data? in
            guard !state.consumed, state.end?.isFinished == true, !state.hasBacklogOnDisk,
                state.buffered.count - state.next <= 1
            else { return nil }
            state.consumed = true
            return state.takeBuffered().first ?? Data()
        }
    }

    /// Hands every chunk to `sink`, the buffered ones first and then each as it arrives, and returns once the
    /// body has ended. A chunk the sink throws on stops the transfer with that error.
    func drain(into sink: @escaping Sink) async throws {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                while true {
                    typealias Taken = (
                        chunks: [Data], read: SpillBacklog.Read?, end: End?,
                        producers: [CheckedContinuation<Void, Never>]
                    )
                    let taken = state.withLock { state -> Taken in
                        let chunks = state.takeBuffered()
                        // At most 1 MB of the backlog per round, after the chunks from memory.
                        let room = max(0, 16 - chunks.count) * SpillFile.readSize
                        let read = room > 0 ? state.spill.claimRead(upTo: room) : nil
                        // Chunks on their way to disk come before the end: the spill writer hands them over.
                        let end = state.awaitsBacklogOnDisk ? nil : state.end
                        if chunks.isEmpty, read == nil, end == nil {
                            state.sink = sink
                            state.drained = continuation
                        }
                        return (chunks, read, end, state.releasedWaiters())
                    }
                    for producer in taken.producers { producer.resume() }
                    var chunks = taken.chunks
                    if let read = taken.read {
                        do {
                            guard let chunk = try readSpilled(read) else { continue }
                            chunks.append(chunk)
                        } catch {
                            stop(with: error)
                            return continuation.resume(throwing: error)
                        }
                    } else if chunks.isEmpty {
                        switch taken.end {
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
