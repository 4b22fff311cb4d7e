import Foundation
import NetworkLayer

/// A made-up price feed that answers offline, through NetworkLayer's stub transport: two quotes, a dropped
/// connection, then, after the reconnection and a new subscription, two more quotes and a normal close.
public enum SampleTicker {
    /// Where the sample pretends to connect; nothing is sent there.
    public static let url = URL(string: "wss://ticker.example.com/prices") ?? URL(fileURLWithPath: "/")

    /// The symbols the sample subscribes to.
    public static let symbols = ["AAPL", "MSFT"]

    /// The stub behind ``router()``, which records what the sample sends.
    public static func stub() -> StubTransport<TickerAPI> {
        StubTransport<TickerAPI>().webSockets { _ in
            [
                .accept([
                    .awaitMessage, .message(quote("AAPL", 190.10)), .message(quote("MSFT", 410.25)), .drop,
                ]),
                .accept([
                    .awaitMessage, .message(.text("notice: feed resumed")), .message(quote("AAPL", 190.35)),
                    .message(quote("MSFT", 409.80)), .close(.normalClosure),
                ]),
            ]
        }
    }

    private static func quote(_ symbol: String, _ price: Double) -> WebSocketMessage {
        .text(#"{"symbol":"\#(symbol)","price":\#(price)}"#)
    }
}
