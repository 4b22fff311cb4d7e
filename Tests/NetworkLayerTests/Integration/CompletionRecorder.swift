/// Collects what completion handlers deliver, so a test can check that each ran exactly once.
///
/// Completion handlers only yield into an `AsyncStream`; the test reads the stream. No lock is
/// needed, and a handler that runs twice shows up as an extra element.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
struct CompletionRecorder<Element: Sendable>: Sendable {
    /// One delivery and when it arrived.
    struct Delivery: Sendable {
        let value: Element
        let arrival: ContinuousClock.Instant
    }

    private let stream: AsyncStream<Delivery>
    private let continuation: AsyncStream<Delivery>.Continuation

    init() {
        (stream, continuation) = AsyncStream.makeStream(of: Delivery.self)
    }

    /// Call from a completion handler.
    func record(_ value: Element) {
        continuation.yield(Delivery(value: value, arrival: .now))
    }

    /// Waits until `expected` deliveries arrived (or `timeout` passed), then `settle` longer to catch
    /// duplicates, and returns everything delivered.
    func collect(expected: Int, within timeout: Duration, settle: Duration = .milliseconds(300)) async -> [Delivery] {
        let continuation = continuation
        let deadline = Task {
            do {
                try await Task.sleep(for: timeout)
                continuation.finish()
            } catch {}
        }
        var deliveries: [Delivery] = []
        for await delivery in stream {
            deliveries.append(delivery)
            if deliveries.count == expected {
                deadline.cancel()
                Task {
                    try? await Task.sleep(for: settle)
                    continuation.finish()
                }
            }
        }
        deadline.cancel()
        return deliveries
    }
}
