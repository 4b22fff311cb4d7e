import Foundation
import NetworkLayer
import Testing
import Ticker

@Suite("Ticker sample")
struct TickerTests {
    @Test("The sample feed delivers its four quotes across a reconnection, and the client subscribes twice")
    func sample() async throws {
        let stub = SampleTicker.stub()
        var quotes: [Quote] = []
        try await TickerFeed(router: Router(stub: stub), url: SampleTicker.url).follow(SampleTicker.symbols) {
            quotes.append($0)
        }
        #expect(quotes.map(\.line) == ["AAPL   190.10", "MSFT   410.25", "AAPL   190.35", "MSFT   409.80"])
        let subscribe = WebSocketMessage.text(#"{"subscribe":["AAPL","MSFT"]}"#)
        #expect(stub.sentMessages { _ in true } == [subscribe, subscribe])
    }

    @Test(
        "Only text messages of JSON quotes are quotes",
        arguments: [
            (WebSocketMessage.text(#"{"symbol":"X","price":1}"#), true), (.text("notice"), false),
            (.binary(Data("{}".utf8)), false),
        ])
    func parsing(message: WebSocketMessage, isQuote: Bool) {
        #expect((Quote(message) != nil) == isQuote)
    }
}
