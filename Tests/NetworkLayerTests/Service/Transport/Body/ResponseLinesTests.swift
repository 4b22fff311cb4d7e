import Foundation
@_spi(Transport) import NetworkLayer
import Testing

@Suite("Response lines")
struct ResponseLinesTests {
    /// The lines of a body that arrives in `chunks`.
    func lines(_ chunks: [String]) async throws -> [String] {
        let (body, writer) = ResponseBody.makeStream()
        for chunk in chunks { writer.write(Data(chunk.utf8)) }
        writer.finish()
        var lines: [String] = []
        for try await line in body.lines { lines.append(line) }
        return lines
    }

    @Test(
        "Lines end at LF or CRLF, wherever the chunks are cut",
        arguments: [
            (["a\nb\n"], ["a", "b"]),
            (["a\r\nb\r\n"], ["a", "b"]),
            (["a\r", "\nb"], ["a", "b"]),
            (["a", "b\n", "c"], ["ab", "c"]),
            (["\n\n"], ["", ""]),
            (["x\r\n\r\ny"], ["x", "", "y"]),
            (["lone\rcr\n"], ["lone\rcr"]),
            ([], []),
            ([""], []),
            (["no end"], ["no end"]),
            (["é", "\u{1F600}\n"], ["é\u{1F600}"]),
        ])
    func splitting(chunks: [String], expected: [String]) async throws {
        #expect(try await lines(chunks) == expected)
    }

    @Test("A multi-byte character cut between chunks stays whole")
    func splitCharacter() async throws {
        let (body, writer) = ResponseBody.makeStream()
        let bytes = Array("ü\n".utf8)
        writer.write(Data(bytes[..<1]))
        writer.write(Data(bytes[1...]))
        writer.finish()
        var lines: [String] = []
        for try await line in body.lines { lines.append(line) }
        #expect(lines == ["ü"])
    }

    @Test("A failed body fails the lines after the lines before the failure")
    func failure() async throws {
        let (body, writer) = ResponseBody.makeStream()
        writer.write(Data("one\ntw".utf8))
        writer.fail(NetworkError(.connectionLost, detail: "gone"))
        var iterator = body.lines.makeAsyncIterator()
        #expect(try await iterator.next() == "one")
        await #expect(throws: NetworkError.self) { _ = try await iterator.next() }
    }
}
