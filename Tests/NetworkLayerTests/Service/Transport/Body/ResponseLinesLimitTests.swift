import Foundation
@_spi(Transport) import NetworkLayer
import Testing

@Suite("Response lines: the line limit")
struct ResponseLinesLimitTests {
    /// The lines of a body that arrives in `chunks`, with lines of at most 8 bytes; and the limit of the
    /// error the loop ended with, if any.
    func lines(_ chunks: [String]) async -> (lines: [String], limit: Int?) {
        let (body, writer) = ResponseBody.makeStream()
        for chunk in chunks { writer.write(Data(chunk.utf8)) }
        writer.finish()
        var sequence = body.lines
        sequence.maximumLineLength = 8
        var lines: [String] = []
        do {
            for try await line in sequence { lines.append(line) }
            return (lines, nil)
        } catch let error as NetworkError where error.kind == .responseTooLarge {
            return (lines, error.sizeLimit)
        } catch {
            return (lines, -1)
        }
    }

    @Test(
        "Lines up to the limit pass, wherever they are cut; one byte more throws responseTooLarge",
        arguments: [
            (["12345678\n12345678\r\n"], ["12345678", "12345678"], nil),
            (["1234", "5678\r", "\nab\n"], ["12345678", "ab"], nil),
            (["12345678"], ["12345678"], nil),
            (["12345678\r"], [], 8),
            (["ok\n123456789\n"], ["ok"], 8),
            (["ok\n1234", "56789"], ["ok"], 8),
            (["ok\n123456789"], ["ok"], 8),
            (["12\n34\n56\n78\n90\n"], ["12", "34", "56", "78", "90"], nil),
        ] as [([String], [String], Int?)])
    func limit(chunks: [String], expected: [String], limit: Int?) async {
        let result = await lines(chunks)
        #expect(result.lines == expected)
        #expect(result.limit == limit)
    }

    @Test("The default limit is 1 MiB")
    func defaultLimit() {
        let (body, _) = ResponseBody.makeStream()
        #expect(body.lines.maximumLineLength == 1 << 20)
    }
}
