import Foundation
import NetworkLayer

/// One price from the feed: `{"symbol":"AAPL","price":190.1}`.
public struct Quote: Codable, Sendable, Equatable {
    /// The ticker symbol.
    public let symbol: String
    /// The last price.
    public let price: Double

    /// A quote of `symbol` at `price`.
    public init(symbol: String, price: Double) {
        self.symbol = symbol
        self.price = price
    }

    /// The quote a text message carries, or `nil` for any other message (the feed also sends notices).
    public init?(_ message: WebSocketMessage) {
        guard case .text(let text) = message,
            let quote = try? JSONDecoder().decode(Quote.self, from: Data(text.utf8))
        else { return nil }
        self = quote
    }

    /// The quote as a line: `AAPL    190.10`.
    public var line: String {
        let padded = symbol.padding(toLength: 6, withPad: " ", startingAt: 0)
        return "\(padded) \(String(format: "%.2f", price))"
    }
}

/// What the client sends to choose its symbols: `{"subscribe":["AAPL","MSFT"]}`.
public struct Subscription: Codable, Sendable, Equatable {
    /// The symbols to receive prices of.
    public let subscribe: [String]

    /// A subscription to `symbols`.
    public init(_ symbols: [String]) {
        self.subscribe = symbols
    }
}
