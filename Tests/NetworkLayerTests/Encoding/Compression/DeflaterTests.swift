import Foundation
import Testing

@testable import NetworkLayer

@Suite("Deflater")
struct DeflaterTests {
    /// JSON-like text that compresses as API bodies do, `count` bytes long.
    static func body(_ count: Int) -> Data {
        let line = Data(#"{"id":603,"title":"The Matrix","vote_average":8.2,"genre_ids":[28,878]},"#.utf8)
        var data = Data()
        while data.count < count { data.append(line) }
        return data.prefix(count)
    }

    @Test(
        "A whole stream inflates back to the input, with its format's header",
        arguments: [(Deflater.Format.gzip, [0x1f, 0x8b] as [UInt8]), (.zlib, [0x78])], [0, 1, 70_000, 300_000])
    func roundTrip(format: (Deflater.Format, [UInt8]), size: Int) throws {
        let input = Self.body(size)
        let compressed = try #require(Deflater.compress(input, format: format.0))
        #expect(compressed.starts(with: format.1))
        #expect(Inflate.data(compressed) == input)
        if size >= 70_000 { #expect(compressed.count * 10 < input.count) }
    }

    @Test("Chunk by chunk gives the same stream as all at once, and the same bytes every time")
    func chunksAndDeterminism() throws {
        let input = Self.body(200_000)
        let deflater = try #require(Deflater(format: .gzip))
        var streamed = Data()
        for start in stride(from: 0, to: input.count, by: 7_000) {
            streamed.append(deflater.compress(input[start..<min(start + 7_000, input.count)]))
        }
        streamed.append(deflater.finish())
        #expect(Inflate.data(streamed) == input)
        #expect(deflater.finish().isEmpty)
        #expect(deflater.compress(Data("late".utf8)).isEmpty)
        #expect(Deflater.compress(input, format: .gzip) == Deflater.compress(input, format: .gzip))
    }
}
