import Foundation
@_spi(Transport) import NetworkLayer
import TestSupport

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Holds each request it `holds` until `parties` such requests are held at once, then sends them all on
/// through `inner`.
///
/// Callers that must each send their own request are then certainly in flight together, so a router that
/// wrongly shared them would send fewer: the held request waits out `patience` (only then does the clock
/// matter) and goes on alone, and the test sees the wrong response.
struct RendezvousTransport: HTTPTransport {
    let inner: any HTTPTransport
    let parties: Int
    let patience: TimeInterval
    let holds: @Sendable (URLRequest) -> Bool
    /// Every request that reached the transport.
    let sent = Locked<[URLRequest]>([])
    private let arrived = Locked(0)

    init(
        _ inner: any HTTPTransport,
        parties: Int = 2,
        patience: TimeInterval = 5,
        holds: @escaping @Sendable (URLRequest) -> Bool = { _ in true }
    ) {
        self.inner = inner
        self.parties = parties
        self.patience = patience
        self.holds = holds
    }

    func send(_ request: TransportRequest) async throws -> TransportResponse {
        sent.withLock { $0.append(request.head) }
        if holds(request.head) {
            arrived.increment()
            let deadline = Date().addingTimeInterval(patience)
            while arrived.current < parties, Date() < deadline {
                try await Task.sleep(nanoseconds: 1_000_000)
            }
        }
        return try await inner.send(request)
    }
}
