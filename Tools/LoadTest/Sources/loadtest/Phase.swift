import Foundation
import NetworkLayer
import Synchronization

/// Sends `requests` GETs through one client, at most `concurrency` in flight, and waits for them all.
struct Phase: Sendable {
    /// What a phase measured.
    struct Outcome: Sendable {
        var name: String
        var summary: Ledger.Summary
        var seconds: Double
        /// Resident memory once the phase was over, in kibibytes.
        var residentKiB: Int?
        /// Resident memory in kibibytes after every `rssEvery` completions, when asked for.
        var residentSamples: [(completed: Int, kibibytes: Int)] = []

        var requestsPerSecond: Double { seconds > 0 ? Double(summary.completed) / seconds : 0 }
    }

    let name: String
    let api: Options.API
    let client: LoadClient
    let target: URL
    let requests: Int
    let concurrency: Int
    /// How long to wait for the last completion before the missing ones count as lost.
    let timeout: TimeInterval
    /// Completions between RSS readings; 0 for none.
    var rssEvery = 0

    func run() async -> Outcome {
        let ledger = Ledger(requests: requests, expectsCancellation: api == .cancelling)
        let ids = IDSource(count: requests)
        let clock = ContinuousClock()
        let start = clock.now
        var driver: Task<Void, Never>?
        switch api {
        case .completion:
            for _ in 0..<min(concurrency, requests) { sendNext(from: ids, into: ledger) }
        case .async:
            driver = Task { await sendWithAsyncAwait(from: ids, into: ledger) }
        case .cancelling:
            driver = Task { await sendWithAsyncAwait(from: ids, into: ledger, cancelling: CancellationTiming()) }
        }
        let deadline = start + .seconds(timeout)
        var samples: [(completed: Int, kibibytes: Int)] = []
        while ledger.completed < requests, clock.now < deadline {
            try? await Task.sleep(for: .milliseconds(2))
            let completed = ledger.completed
            if rssEvery > 0, completed >= (samples.count + 1) * rssEvery, let kibibytes = ResidentMemory.kibibytes() {
                samples.append((completed, kibibytes))
            }
        }
        let elapsed = clock.now - start
        if ledger.completed < requests {
            driver?.cancel()
            client.cancelAll()
        }
        // Late duplicates, had there been any, would show up in this pause.
        try? await Task.sleep(for: .milliseconds(500))
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        return Outcome(
            name: name, summary: ledger.summary(), seconds: seconds, residentKiB: ResidentMemory.kibibytes(),
            residentSamples: samples)
    }

    private func endpoint(_ id: Int) -> LoadEndpoint {
        LoadEndpoint(target: target, phase: name, id: id)
    }

    /// Sends the next request with a completion handler, whose completion sends the one after it.
    private func sendNext(from ids: IDSource, into ledger: Ledger) {
        guard let id = ids.next() else { return }
        client.send(endpoint(id)) { result in
            ledger.record(id: id, result)
            sendNext(from: ids, into: ledger)
        }
    }

    /// `concurrency` tasks that each send one request after another with `async`/`await`; with `timing`,
    /// each request runs in a task of its own, which is cancelled when `timing` says.
    private func sendWithAsyncAwait(
        from ids: IDSource,
        into ledger: Ledger,
        cancelling timing: CancellationTiming? = nil
    ) async {
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<min(concurrency, requests) {
                group.addTask {
                    while let id = ids.next() {
                        guard let timing else {
                            ledger.record(id: id, await send(id))
                            continue
                        }
                        if timing.times(id) {
                            let start = ContinuousClock.now
                            ledger.record(id: id, await send(id))
                            timing.record(start.duration(to: .now))
                            continue
                        }
                        let request = Task { await send(id) }
                        try? await Task.sleep(nanoseconds: timing.nextDelay())
                        request.cancel()
                        ledger.record(id: id, await request.value)
                    }
                }
            }
        }
    }

    private func send(_ id: Int) async -> Result<Response, NetworkError> {
        await client.send(endpoint(id))
    }
}

/// Hands out the ids `0..<count`, each once, to whichever sender asks next.
final class IDSource: Sendable {
    private let count: Int
    private let issued = Mutex(0)

    init(count: Int) {
        self.count = count
    }

    func next() -> Int? {
        issued.withLock { issued in
            guard issued < count else { return nil }
            defer { issued += 1 }
            return issued
        }
    }
}
