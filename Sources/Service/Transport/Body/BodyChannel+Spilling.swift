import Foundation

extension BodyChannel {
    /// The spill writer: takes the queued chunks one at a time, in order, and writes each to disk outside
    /// the lock, on a thread of its own. A consumer that waits while nothing is on disk gets the chunk from
    /// memory instead; the writer stops once the queue is empty, and ends a finished body for the consumer
    /// that waited for the queued chunks.
    func spillQueued() {
        enum Step {
            case stop(Ended?)
            case deliver(Data, to: Receiver)
            case write(Data, SpillBacklog.Write)
            case fail(any Error)
        }
        while true {
            let (step, queueFull) = state.withLock { state -> (Step, DispatchSemaphore?) in
                guard state.end.map(\.isFinished) ?? true, !state.queued.isEmpty else {
                    state.isSpilling = false
                    return (.stop(state.takeEnded()), state.takeQueueFull(below: .max))
                }
                let chunk = state.queued.removeFirst()
                state.queuedBytes -= chunk.count
                let queueFull = state.takeQueueFull(below: max(state.window, SpillFile.readSize))
                if state.spill.isEmpty, let receiver = state.takeReceiver() {
                    return (.deliver(chunk, to: receiver), queueFull)
                }
                do throws(SpillFileError) {
                    return (.write(chunk, try state.spill.reserveWrite(chunk.count)), queueFull)
                } catch {
                    return (.fail(error.consumerError), queueFull)
                }
            }
            queueFull?.signal()
            switch step {
            case .stop(let ended):
                ended?.resume()
                return
            case .deliver(let chunk, let receiver): receiver.receive(chunk, from: self)
            case .write(let chunk, let write): spill(chunk, into: write)
            case .fail(let error): stop(with: error)
            }
        }
    }

    /// Writes `chunk` to disk, then makes it readable; a consumer that began to wait for it meanwhile gets it
    /// straight from memory instead.
    private func spill(_ chunk: Data, into write: SpillBacklog.Write) {
        let file: any SpillStorage
        do {
            file = try write.file ?? makeSpillStorage()
            try file.append(chunk)
        } catch {
            return stop(with: SpillFileError.unwritable(error).consumerError)
        }
        // The file let go of is released here, after the lock.
        let (receiver, _) = state.withLock { state -> (Receiver?, (any SpillStorage)?) in
            guard state.spill.finishWrite(write, in: file) else { return (nil, nil) }
            // A consumer waits only when nothing readable was left on disk, so this chunk is next.
            guard let receiver = state.takeReceiver() else { return (nil, nil) }
            return (receiver, state.spill.handOver(write))
        }
        receiver?.receive(chunk, from: self)
    }

    /// Reads the bytes `read` claimed, outside the lock, and empties the file once it holds nothing more;
    /// `nil` when the body was stopped meanwhile.
    func readSpilled(_ read: SpillBacklog.Read) throws -> Data? {
        let result = Result { try read.file.read(upTo: read.count) }
        guard let taken = state.withLock({ state in state.spill.finishRead(read, result) }) else { return nil }
        // A file let go of is released here, after the lock.
        if case .reset(let file) = taken.then {
            // A file that cannot be emptied is let go of; the chunk read from it is good.
            let emptied = (try? file.reset()) != nil
            _ = state.withLock { state in state.spill.finishReset(file, emptied) }
        }
        return try taken.chunk.mapError(\.consumerError).get()
    }
}

extension BodyChannel {
    /// The consumer that waits for the next chunk: pulling, or through its sink.
    enum Receiver {
        case consumer(CheckedContinuation<Taken, any Error>)
        case sink(Sink)

        func receive(_ chunk: Data, from channel: BodyChannel) {
            switch self {
            case .consumer(let consumer): consumer.resume(returning: .chunk(chunk))
            case .sink(let sink): channel.deliver(chunk, to: sink)
            }
        }
    }

    /// The consumer of a body that finished while chunks were still queued for the disk, to be told now.
    struct Ended {
        let consumer: CheckedContinuation<Taken, any Error>?
        let drained: CheckedContinuation<Void, any Error>?

        func resume() {
            consumer?.resume(returning: .chunk(nil))
            drained?.resume()
        }
    }
}

extension BodyChannel.State {
    /// The consumer waiting for the next chunk, which this takes from the state; `nil` if none waits.
    mutating func takeReceiver() -> BodyChannel.Receiver? {
        if let sink { return .sink(sink) }
        guard let waiting else { return nil }
        self.waiting = nil
        return .consumer(waiting)
    }

    /// The consumer to end, once a finished body has nothing left on its way to disk or on it.
    mutating func takeEnded() -> BodyChannel.Ended? {
        guard end?.isFinished == true, queued.isEmpty, spill.isEmpty, waiting != nil || drained != nil else {
            return nil
        }
        defer { (waiting, drained) = (nil, nil) }
        return BodyChannel.Ended(consumer: waiting, drained: drained)
    }

    /// The waiting transport thread to wake, once the queue holds at most `bytes`.
    mutating func takeQueueFull(below bytes: Int) -> DispatchSemaphore? {
        guard queuedBytes <= bytes || end != nil else { return nil }
        defer { queueFull = nil }
        return queueFull
    }
}

extension BodyChannel.End {
    var isFinished: Bool {
        if case .finished = self { return true }
        return false
    }
}
