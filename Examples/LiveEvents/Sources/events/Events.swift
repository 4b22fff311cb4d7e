import Foundation
import LiveEvents
import NetworkLayer

/// `events [URL]`: prints the Server-Sent Events of URL as they arrive, or of a built-in sample without one.
@main
struct Events {
    static func main() async {
        let arguments = CommandLine.arguments.dropFirst()
        let usage = "usage: events [URL]   (without a URL, a built-in sample stream plays offline)"
        if arguments == ["--help"] || arguments == ["-h"] {
            print(usage)
            return
        }
        guard arguments.count <= 1, arguments.first.map({ !$0.hasPrefix("-") }) ?? true else {
            printError(usage)
            exit(64)
        }
        let router: Router<EventFeed>
        let url: URL
        var reconnection = EventStreamReconnection()
        if let text = arguments.first {
            guard let given = URL(string: text), ["http", "https"].contains(given.scheme?.lowercased() ?? "") else {
                printError("error: \(text) is not an http or https URL")
                exit(64)
            }
            (router, url) = (Router(configuration: RouterConfiguration(logger: .reconnections)), given)
        } else {
            printError("Playing a built-in sample stream (offline). Pass an event stream URL to follow a live one.")
            (router, url) = (SampleFeed.router(), SampleFeed.url)
            reconnection = .never  // the sample plays once; a live stream is followed until the server ends it
        }
        do {
            for try await event in router.events(.stream(url), reconnection: reconnection) {
                for line in EventLine.render(event) { print(line) }
            }
        } catch {
            printError("error: \(error)")
            exit(1)
        }
    }

    private static func printError(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }
}
