import Foundation
import Testing

@testable import NetworkLayer

@Suite("A cache record file reads back only whole and unaltered")
struct CacheRecordFileTests {
    static let record = CacheRecord(variant: "accept-language=fr", head: .sample("head"), body: Data("body!".utf8))
    static let file = CacheRecordFile.encode(record, forKey: "GET https://example.com/a")

    /// A change to a good file, and why it must read as nothing.
    struct Damage: Sendable, CustomTestStringConvertible {
        var testDescription: String
        var apply: @Sendable (Data) -> Data
    }

    static let damages: [Damage] = [
        Damage(testDescription: "empty") { _ in Data() },
        Damage(testDescription: "header only") { Data($0.prefix(CacheRecordFile.headerSize)) },
        Damage(testDescription: "cut short by one byte") { Data($0.dropLast()) },
        Damage(testDescription: "one byte more") { $0 + [0] },
        Damage(testDescription: "another program's file") { _ in Data("{\"not\": \"ours\"}".utf8) },
        Damage(testDescription: "another version") { replacing(7, in: $0, with: 2) },
        Damage(testDescription: "a flipped bit in the body") {
            replacing($0.count - 1, in: $0, with: ($0.last ?? 0) ^ 1)
        },
        Damage(testDescription: "a flipped bit in the key") { replacing(CacheRecordFile.headerSize, in: $0, with: 0) },
        Damage(testDescription: "a key length past the end") { replacing(8, in: $0, with: 0xff) },
        Damage(testDescription: "a body length of 2^64 - 1") { file in
            var file = file
            file.replaceSubrange(20..<28, with: [UInt8](repeating: 0xff, count: 8))
            return file
        },
    ]

    @Test("A whole file reads back as the key and record written")
    func roundTrip() throws {
        let decoded = try #require(CacheRecordFile.decode(Self.file, maximumBodySize: 5))
        #expect(decoded.key == "GET https://example.com/a")
        #expect(decoded.record == Self.record)
    }

    @Test("A damaged file reads as nothing", arguments: damages)
    func damaged(_ damage: Damage) {
        #expect(CacheRecordFile.decode(damage.apply(Self.file), maximumBodySize: 1 << 20) == nil)
    }

    @Test("A file of a body larger than the limit reads as nothing")
    func bodyOverLimit() {
        #expect(CacheRecordFile.decode(Self.file, maximumBodySize: 4) == nil)
    }

    @Test("A file read from the middle of a larger buffer decodes all the same")
    func sliced() throws {
        let buffer = Data([9, 9, 9]) + Self.file
        let slice = buffer[3...]
        #expect(try #require(CacheRecordFile.decode(slice, maximumBodySize: 5)).record == Self.record)
    }

    private static func replacing(_ offset: Int, in data: Data, with byte: UInt8) -> Data {
        var data = data
        data[offset] = byte
        return data
    }
}
