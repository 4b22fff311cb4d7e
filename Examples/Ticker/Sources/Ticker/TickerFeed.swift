import Foundation
import NetworkLayer

/// Follows a price feed: subscribes, subscribes again after each reconnection, and hands each quote over.
public struct TickerFeed: Sendable {
    private let router: Router<TickerAPI>
    private let url: URL

    /// A feed at `url`, through `router`.
    public init(router: Router<TickerAPI>, url: URL) {
        self.router = router
        self.url = url
    }

    /// Subscribes to `symbols` and calls `receive` with each quote until the feed closes normally; throws how it
    /// failed otherwise. Runs on the caller's actor, where `receive` is called.
    nonisolated(nonsending) public func follow(_ symbols: [String], receive: (Quote) -> Void) async throws {
        let subscription = Subscription(symbols)
        let socket = try await router.webSocket(.prices(url)) { socket in
            try await socket.send(json: subscription)
        }
        try await socket.send(json: subscription)
        for try await message in socket.messages {
            if let quote = Quote(message) { receive(quote) }
        }
    }
}
