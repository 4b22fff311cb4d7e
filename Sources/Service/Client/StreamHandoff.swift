import Foundation

/// Carries the body of a streamed response from the attempt that received it to the caller of
/// ``Router/stream(_:)``, once its status is one the endpoint accepts.
///
/// A refused status keeps up to ``errorBodyLimit`` bytes of its body in memory instead, for its error, and
/// goes through retries and credential refreshes like any response: nothing of a stream reaches the caller
/// before the attempt that delivers it is final.
final class StreamHandoff: Sendable {
    /// The most bytes of a refused response's body that its error carries: 64 KB.
    static let errorBodyLimit = 64 * 1024

    /// The statuses whose bodies are handed over as streams.
    let acceptable: Set<Int>
    /// The most bytes of a held body that may wait on disk; `nil` for no limit.
    let diskLimit: Int?
    private let body = Locked<ResponseBody?>(nil)

    init(acceptable: Set<Int>, diskLimit: Int?) {
        self.acceptable = acceptable
        self.diskLimit = diskLimit
    }

    /// Keeps `body` for the caller, with at most ``diskLimit`` bytes waiting on disk; one that an earlier
    /// attempt left is stopped.
    func hold(_ body: ResponseBody) {
        body.channel.limitDiskBacklog(to: diskLimit)
        let earlier = self.body.withLock { held in
            defer { held = body }
            return held
        }
        earlier?.cancel()
    }

    /// The body held for the caller, which takes it over.
    func take() -> ResponseBody? {
        body.withLock { held in
            defer { held = nil }
            return held
        }
    }
}
