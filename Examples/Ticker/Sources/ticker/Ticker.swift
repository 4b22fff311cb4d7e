import Foundation
import NetworkLayer
import Ticker

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
        let feed: TickerFeed
        var symbols = SampleTicker.symbols
        if let text = arguments.first {
            let schemes = ["ws", "wss", "http", "https"]
            guard let url = URL(string: text), schemes.contains(url.scheme?.lowercased() ?? "") else {
                printError("error: \(text) is not a ws, wss, http or https URL\n\(usage)")
                exit(64)
            }
            if arguments.count > 1 { symbols = Array(arguments.dropFirst()) }
            feed = TickerFeed(router: Router(), url: url)
        } else {
            printError("Playing a built-in sample feed (offline). Pass a WebSocket URL to follow a live one.")
            feed = TickerFeed(router: Router(stub: SampleTicker.stub()), url: SampleTicker.url)
        }
        do {
            try await feed.follow(symbols) { quote in print(quote.line) }
        } catch {
            printError("error: \(error)")
            exit(1)
        }
    }

    private static func printError(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }
}
