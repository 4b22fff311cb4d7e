import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What becomes of a response body once its head has arrived: the last step of every attempt, before
/// plugins see the response.
enum ResponseReading: Sendable {
    /// Kept in memory, with the bytes received so far reported to `progress`.
    case collect(progress: ProgressReporter?)
    /// Left unread for the caller when its status is one of `acceptable`, with at most `diskLimit` bytes
    /// waiting on disk; any other status keeps the first ``errorBodyLimit`` bytes for its error.
    case stream(acceptable: Set<Int>, diskLimit: Int?)
    /// A `2xx` body written to `destination` as it arrives, with progress; any other kept in memory.
    case download(to: URL, progress: TransferProgressHandler?)

    /// The most bytes of a refused stream's body that its error carries: 64 KB.
    static let errorBodyLimit = 64 * 1024

    /// Whether the whole body is kept in memory with nothing reported as it arrives, which a transport may
    /// hand over complete (see ``TransportRequest/keepsWholeBody``).
    var keepsWholeBody: Bool {
        guard case .collect(progress: nil) = self else { return false }
        return true
    }

    /// What one attempt keeps of its response body.
    struct Outcome: Sendable {
        /// The bytes kept in memory: the whole body, a refused stream's first bytes, or none.
        var data = Data()
        /// The body a stream leaves for its caller, unread.
        var unread: ResponseBody?
    }

    /// Reads the body of `response`, which answers `request`; a body kept whole may have at most `limit` bytes.
    func read(_ response: TransportResponse, answering request: URLRequest, limit: Int?) async throws -> Outcome {
        switch self {
        case .collect(let progress):
            guard let progress else { return Outcome(data: try await response.collect(after: request, upTo: limit)) }
            let total = response.head.mayHaveBody(after: request) ? response.head.decodedLength : 0
            let data = try await response.collect(after: request, upTo: limit) { received in
                progress.report(completed: received, total: total)
            }
            return Outcome(data: data)
        case .stream(let acceptable, let diskLimit):
            guard acceptable.contains(response.head.statusCode) else {
                return Outcome(data: try await response.body.collect(first: Self.errorBodyLimit))
            }
            response.body.channel.limitDiskBacklog(to: diskLimit)
            return Outcome(unread: response.body)
        case .download(let destination, let progress):
            guard response.head.isSuccessful else {
                return Outcome(data: try await response.collect(after: request, upTo: limit))
            }
            try await Self.write(response, to: destination, progress: progress.map(ProgressReporter.init))
            return Outcome()
        }
    }

    /// Writes `response`'s body to a temporary file as it arrives, on the transport's thread, and moves it to
    /// `destination` once whole.
    private static func write(
        _ response: TransportResponse,
        to destination: URL,
        progress: ProgressReporter?
    ) async throws {
        let file = try TemporaryFile()
        let total = response.head.decodedLength
        let received = Locked<Int64>(0)
        do {
            try await response.body.drain { chunk in
                try file.write(chunk)
                let count = received.withLock { count in
                    count += Int64(chunk.count)
                    return count
                }
                progress?.report(completed: count, total: total)
            }
            try file.move(to: destination)
        } catch {
            file.discard()
            throw error
        }
        progress?.finish()
    }
}
