import Foundation
import NetworkLayer

/// A made-up match ticker that answers offline, through NetworkLayer's stub transport: the same events a
/// server would stream, a fraction of a second apart.
public enum SampleFeed {
    /// Where the sample pretends to connect; nothing is sent there.
    public static let url = URL(string: "https://events.example.com/matches/42") ?? URL(fileURLWithPath: "/")

    /// The stream, as the server would send it: comments, ids, event types, multi-line data and `retry:`.
    public static let chunks = [
        ": ticker for match 42\nretry: 5000\n\n",
        "id: 1\nevent: kickoff\ndata: Rovers v United\n\n",
        "id: 2\nevent: goal\ndata: 12' Rovers 1-0\ndata: header from a corner\n\n",
        "id: 3\nevent: card\ndata: 31' yellow, United #4\n\n",
        "id: 4\nevent: goal\ndata: 58' United 1-1\n\n",
        "id: 5\nevent: full-time\ndata: Rovers 1-1 United\n\n",
    ]

    /// A router whose every request is answered with ``chunks``, `interval` seconds apart.
    public static func router(interval: TimeInterval = 0.4) -> Router<EventFeed> {
        let stub = StubTransport<EventFeed> { _ in
            .stream(headers: ["Content-Type": "text/event-stream"], chunks: chunks, interval: interval)
        }
        return Router(stub: stub)
    }
}
