import Foundation
import NetworkLayer
import Synchronization

/// Counts what one phase's requests came back with: completions per request id and errors by kind.
///
/// Safe to call from any thread; completion handlers record into it directly.
final class Ledger: Sendable {
    /// What a phase saw once it is over.
    struct Summary: Sendable {
        var requests: Int
        var completed: Int
        /// Ids that completed more than once, with how often.
        var duplicated: [Int: Int]
        /// Ids that never completed.
        var lost: [Int]
        /// Failures by kind: a `NetworkError.Kind` name, `status <n>`, or `wrong echo`.
        var errors: [String: Int]
        /// Requests that ended as cancelled in a phase that cancels them; an error in any other phase.
        var cancelled: Int

        var errorCount: Int { errors.values.reduce(0, +) }
        var isClean: Bool { completed == requests && duplicated.isEmpty && lost.isEmpty && errors.isEmpty }
    }

    private struct State {
        var completions: [Int]
        var completed = 0
        var errors: [String: Int] = [:]
        var cancelled = 0
    }

    private let state: Mutex<State>
    let requests: Int
    /// Whether a cancellation is an expected outcome rather than an error.
    let expectsCancellation: Bool

    init(requests: Int, expectsCancellation: Bool = false) {
        self.requests = requests
        self.expectsCancellation = expectsCancellation
        state = Mutex(State(completions: Array(repeating: 0, count: requests)))
    }

    /// How many completions arrived so far, duplicates included.
    var completed: Int { state.withLock { $0.completed } }

    /// Records that request `id` completed with `result`.
    func record(id: Int, _ result: Result<Response, NetworkError>) {
        var wasCancelled = false
        if case .failure(.cancelled) = result { wasCancelled = expectsCancellation }
        let failure = wasCancelled ? nil : Self.failure(of: result, id: id)
        state.withLock { state in
            state.completions[id] += 1
            state.completed += 1
            if wasCancelled { state.cancelled += 1 }
            if let failure { state.errors[failure, default: 0] += 1 }
        }
    }

    func summary() -> Summary {
        state.withLock { state in
            var duplicated: [Int: Int] = [:]
            var lost: [Int] = []
            for (id, count) in state.completions.enumerated() {
                if count == 0 { lost.append(id) } else if count > 1 { duplicated[id] = count }
            }
            return Summary(
                requests: requests, completed: state.completed, duplicated: duplicated, lost: lost,
                errors: state.errors, cancelled: state.cancelled)
        }
    }

    /// Why `result` is not a 200 echoing request `id`, or nil when it is.
    private static func failure(of result: Result<Response, NetworkError>, id: Int) -> String? {
        switch result {
        case .failure(let error):
            return error.kind.name
        case .success(let response):
            guard response.statusCode == 200 else { return "status \(response.statusCode)" }
            let echo = try? JSONDecoder().decode(Echo.self, from: response.data)
            return echo?.args["id"] == String(id) ? nil : "wrong echo"
        }
    }

    /// The part of httpbin's `/get` answer that names the request.
    private struct Echo: Decodable {
        let args: [String: String]
    }
}
