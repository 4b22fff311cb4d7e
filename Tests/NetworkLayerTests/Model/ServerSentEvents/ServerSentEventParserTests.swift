import Foundation
import Testing

@_spi(Transport) @testable import NetworkLayer

@Suite("Server-Sent Events parsing")
struct ServerSentEventParserTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let rule: String
        let stream: String
        let events: [ServerSentEvent]
        var testDescription: String { rule }
    }

    static func event(_ data: String, _ event: String = "message", id: String? = nil, retry: TimeInterval? = nil)
        -> ServerSentEvent
    {
        ServerSentEvent(event: event, data: data, id: id, retry: retry)
    }

    static let cases: [Case] = [
        Case(rule: "one data line", stream: "data: hello\n\n", events: [event("hello")]),
        Case(rule: "multi-line data joined with LF", stream: "data: a\ndata: b\n\n", events: [event("a\nb")]),
        Case(rule: "CRLF line ends", stream: "data: a\r\ndata: b\r\n\r\n", events: [event("a\nb")]),
        Case(rule: "CR line ends", stream: "data: a\rdata: b\r\r", events: [event("a\nb")]),
        Case(rule: "mixed line ends", stream: "data: a\r\ndata: b\rdata: c\n\r\n", events: [event("a\nb\nc")]),
        Case(rule: "a leading BOM is ignored", stream: "\u{FEFF}data: x\n\n", events: [event("x")]),
        Case(
            rule: "a BOM later on is part of the field name", stream: "data: x\n\n\u{FEFF}data: y\n\n",
            events: [event("x")]),
        Case(rule: "comments are ignored", stream: ": keep-alive\ndata: x\n: more\n\n", events: [event("x")]),
        Case(rule: "only a comment dispatches nothing", stream: ":\n\n", events: []),
        Case(rule: "one leading space is removed", stream: "data:  two spaces\n\n", events: [event(" two spaces")]),
        Case(rule: "no space after the colon", stream: "data:tight\n\n", events: [event("tight")]),
        Case(rule: "a field without a colon has an empty value", stream: "data\n\n", events: [event("")]),
        Case(rule: "an empty data field dispatches empty data", stream: "data:\n\n", events: [event("")]),
        Case(rule: "two empty data fields give one LF", stream: "data\ndata\n\n", events: [event("\n")]),
        Case(rule: "a block without data dispatches nothing", stream: "event: ping\nid: 1\n\n", events: []),
        Case(
            rule: "the event type", stream: "event: score\ndata: 1\n\ndata: 2\n\n",
            events: [event("1", "score"), event("2")]),
        Case(rule: "an empty event type is message", stream: "event:\ndata: x\n\n", events: [event("x")]),
        Case(
            rule: "the last event ID outlives its event", stream: "id: 7\ndata: a\n\ndata: b\n\n",
            events: [event("a", id: "7"), event("b", id: "7")]),
        Case(
            rule: "an empty id resets the last event ID", stream: "id: 7\ndata: a\n\nid\ndata: b\n\n",
            events: [event("a", id: "7"), event("b")]),
        Case(
            rule: "an id containing NUL is ignored", stream: "id: 7\ndata: a\n\nid: 8\u{0}9\ndata: b\n\n",
            events: [event("a", id: "7"), event("b", id: "7")]),
        Case(
            rule: "an id set in a block without data still counts", stream: "id: 3\n\ndata: x\n\n",
            events: [event("x", id: "3")]),
        Case(
            rule: "retry of digits, in milliseconds", stream: "retry: 2500\ndata: x\n\n",
            events: [event("x", retry: 2.5)]),
        Case(
            rule: "retry with anything but digits is ignored",
            stream: "retry: 1000\nretry: 12a\nretry: -5\nretry: 1.5\nretry:\nretry:  30\ndata: x\n\n",
            events: [event("x", retry: 1)]),
        Case(
            rule: "a retry too large for an Int is ignored", stream: "retry: 99999999999999999999999\ndata: x\n\n",
            events: [event("x")]),
        Case(rule: "unknown fields are ignored", stream: "foo: bar\ndata: x\nDATA: y\n\n", events: [event("x")]),
        Case(
            rule: "a colon in the value stays", stream: "data: a: b:c\n\n", events: [event("a: b:c")]),
        Case(
            rule: "an event not ended before the stream ends is dropped", stream: "data: x\n\ndata: y\n",
            events: [event("x")]),
        Case(rule: "non-BMP characters", stream: "data: 😀 𝄞\n\n", events: [event("😀 𝄞")]),
    ]

    @Test("Each rule of the event stream interpretation", arguments: cases)
    func rule(_ example: Case) throws {
        var parser = ServerSentEventParser()
        #expect(try parser.parse(Array(example.stream.utf8)) == example.events)
    }

    @Test("Any chunking gives the same events", arguments: cases)
    func chunking(_ example: Case) throws {
        let bytes = Array(example.stream.utf8)
        for size in 1...4 {
            var parser = ServerSentEventParser()
            var events: [ServerSentEvent] = []
            for start in stride(from: 0, to: bytes.count, by: size) {
                events += try parser.parse(bytes[start..<min(start + size, bytes.count)])
            }
            #expect(events == example.events, "chunks of \(size) bytes")
        }
    }

    @Test("A CR at the end of one chunk and an LF at the start of the next are one line end")
    func splitCRLF() throws {
        var parser = ServerSentEventParser()
        #expect(try parser.parse(Array("data: a\r".utf8)).isEmpty)
        #expect(try parser.parse(Array("\n\r".utf8)) == [Self.event("a")])
        #expect(try parser.parse(Array("\ndata: b\n\n".utf8)) == [Self.event("b")])
    }

    @Test("Invalid UTF-8 becomes U+FFFD")
    func invalidUTF8() throws {
        var parser = ServerSentEventParser()
        #expect(try parser.parse(Array("data: ".utf8) + [0xFF] + Array("\n\n".utf8)) == [Self.event("\u{FFFD}")])
    }

    @Test("A resumed stream starts from the given last event ID")
    func resumed() throws {
        var parser = ServerSentEventParser(lastEventID: "41")
        #expect(parser.currentEventID == "41")
        #expect(try parser.parse(Array("data: x\n\n".utf8)) == [Self.event("x", id: "41")])
    }
}
