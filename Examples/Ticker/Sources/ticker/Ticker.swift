import Foundation
import NetworkLayer
import Ticker

#if Live
import NetworkLayerAsyncHTTPClient
#endif

/// `ticker [URL [SYMBOL...]]`: prints the quotes of a price feed's WebSocket as they arrive, or of a built-in
/// sample without a URL.
@main
struct TickerCommand {
    static func main() async {
        let arguments = Array(CommandLine.arguments.dropFirst())
        let usage = "usage: ticker [URL [SYMBOL...]]   (without a URL, a built-in sample feed plays offline)"
        if arguments == ["--help"] || arguments == ["-h"] {
            print(usage)
            return
        }
        guard let text = arguments.first else {
            printError("Playing a built-in sample feed (offline). Pass a WebSocket URL to follow a live one.")
            let sample = TickerFeed(router: Router(stub: SampleTicker.stub()), url: SampleTicker.url)
            if await !play(sample, SampleTicker.symbols) { exit(1) }
            return
        }
        let schemes = ["ws", "wss", "http", "https"]
        guard let url = URL(string: text), schemes.contains(url.scheme?.lowercased() ?? "") else {
            printError("error: \(text) is not a ws, wss, http or https URL\n\(usage)")
            exit(64)
        }
        let symbols = arguments.count > 1 ? Array(arguments.dropFirst()) : SampleTicker.symbols
        #if Live
        // SwiftNIO's WebSockets, on Linux as on Apple platforms.
        let transport = AsyncHTTPClientTransport()
        let played = await play(TickerFeed(router: Router(transport: transport), url: url), symbols)
        try? await transport.shutdown()
        #else
        // URLSessionWebSocketTask on Apple platforms; on Linux, "not supported by this transport".
        let played = await play(TickerFeed(router: Router(), url: url), symbols)
        #endif
        if !played { exit(1) }
    }

    /// Prints the quotes of `feed` until it closes normally; `false`, after printing the error, when it failed.
    private static func play(_ feed: TickerFeed, _ symbols: [String]) async -> Bool {
        do {
            try await feed.follow(symbols) { quote in print(quote.line) }
            return true
        } catch {
            printError("error: \(error)")
            return false
        }
    }

    private static func printError(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }
}
