import Foundation
import LiveEvents
import NetworkLayer
import Testing

@Suite("LiveEvents sample")
struct LiveEventsTests {
    @Test("The offline sample plays its five events in order, with ids, types and joined data lines")
    func sample() async throws {
        var events: [ServerSentEvent] = []
        for try await event in SampleFeed.router(interval: 0).events(.stream(SampleFeed.url), reconnection: .never) {
            events.append(event)
        }
        #expect(events.map(\.id) == ["1", "2", "3", "4", "5"])
        #expect(events.map(\.event) == ["kickoff", "goal", "card", "goal", "full-time"])
        #expect(events[1].data == "12' Rovers 1-0\nheader from a corner")
        #expect(events.allSatisfy { $0.retry == 5 })
    }

    @Test(
        "An event prints as one line per data line, the first with its id and type",
        arguments: [
            (
                ServerSentEvent(event: "goal", data: "12' 1-0\nheader", id: "2"),
                ["#2 goal  12' 1-0", "         header"]
            ),
            (ServerSentEvent(data: "hi"), ["#- message  hi"]),
            (ServerSentEvent(data: ""), ["#- message  "]),
        ])
    func lines(event: ServerSentEvent, expected: [String]) {
        #expect(EventLine.render(event) == expected)
    }

    @Test("The endpoint is the URL it was given")
    func endpoint() throws {
        let url = try #require(URL(string: "http://127.0.0.1:8080/events?count=3"))
        let request = try Router<EventFeed>().makeRequest(for: .stream(url))
        #expect(request.url?.absoluteString.hasPrefix("http://127.0.0.1:8080/events") == true)
        #expect(request.url?.query == "count=3")
    }
}
