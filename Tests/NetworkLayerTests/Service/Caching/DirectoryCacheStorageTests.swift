import Foundation
import Testing

@testable import NetworkLayer

@Suite("The directory cache storage")
struct DirectoryCacheStorageTests {
    static let key = "GET https://example.com/a"

    @Test("A stored record reads back, each variant apart, and nothing is read under another key")
    func roundTrip() async throws {
        try await withCacheDirectory { url in
            let storage = DirectoryCacheStorage(directory: url, maximumSize: 1 << 20, maximumEntrySize: 1 << 16)
            let french = record("lang=fr", body: "bonjour")
            let english = record("lang=en", body: "hello")
            await storage.store(french, forKey: Self.key)
            await storage.store(english, forKey: Self.key)
            #expect(Set(await storage.records(forKey: Self.key).map(\.body)) == [french.body, english.body])
            #expect(await storage.records(forKey: "GET https://example.com/b").isEmpty)
        }
    }

    @Test("Storing the same variant again replaces its record")
    func replace() async throws {
        try await withCacheDirectory { url in
            let storage = DirectoryCacheStorage(directory: url, maximumSize: 1 << 20, maximumEntrySize: 1 << 16)
            await storage.store(record("", body: "first, longer body"), forKey: Self.key)
            await storage.store(record("", body: "second"), forKey: Self.key)
            #expect(await storage.records(forKey: Self.key) == [record("", body: "second")])
            #expect(await storage.totalSize == fileSizes(in: url))
        }
    }

    @Test("updateHead replaces the head, keeps the body, and touches no other variant")
    func updateHead() async throws {
        try await withCacheDirectory { url in
            let storage = DirectoryCacheStorage(directory: url, maximumSize: 1 << 20, maximumEntrySize: 1 << 16)
            await storage.store(record("a", body: "body a"), forKey: Self.key)
            await storage.store(record("b", body: "body b"), forKey: Self.key)
            await storage.updateHead(.sample("new head"), variant: "a", forKey: Self.key)
            await storage.updateHead(.sample("no record"), variant: "c", forKey: Self.key)
            let records = await storage.records(forKey: Self.key).sorted { $0.variant < $1.variant }
            #expect(
                records == [
                    CacheRecord(variant: "a", head: .sample("new head"), body: Data("body a".utf8)),
                    record("b", body: "body b"),
                ])
            #expect(await storage.records(forKey: Self.key).count == 2)
        }
    }

    @Test("removeRecords removes a key's variants only; removeAll removes every record and nothing else")
    func removal() async throws {
        try await withCacheDirectory { url in
            let storage = DirectoryCacheStorage(directory: url, maximumSize: 1 << 20, maximumEntrySize: 1 << 16)
            let notes = url.appendingPathComponent("notes.txt")
            try Data("the owner's".utf8).write(to: notes)
            for variant in ["a", "b"] { await storage.store(record(variant, body: variant), forKey: Self.key) }
            await storage.store(record("", body: "other"), forKey: "GET https://example.com/b")
            await storage.removeRecords(forKey: Self.key)
            #expect(await storage.records(forKey: Self.key).isEmpty)
            #expect(await storage.records(forKey: "GET https://example.com/b").count == 1)
            await storage.removeAll()
            #expect(await storage.records(forKey: "GET https://example.com/b").isEmpty)
            #expect(await storage.totalSize == 0)
            #expect(try FileManager.default.contentsOfDirectory(atPath: url.path) == ["notes.txt"])
        }
    }

    @Test("Over the size cap, the least recently used records go first; reading a record counts as use")
    func leastRecentlyUsedEviction() async throws {
        try await withCacheDirectory { url in
            let fileSize = CacheRecordFile.encode(record("", body: String(repeating: "x", count: 100)), forKey: key(0))
                .count
            let storage = DirectoryCacheStorage(
                directory: url, maximumSize: 3 * fileSize, maximumEntrySize: 1_000)
            for index in 0..<3 { await storage.store(filler(), forKey: key(index)) }
            _ = await storage.records(forKey: key(0))
            await storage.store(filler(), forKey: key(3))
            #expect(await storage.records(forKey: key(1)).isEmpty)
            for index in [0, 2, 3] { #expect(await storage.records(forKey: key(index)).count == 1) }
            #expect(await storage.totalSize == 3 * fileSize)
            #expect(fileSizes(in: url) == 3 * fileSize)
        }
    }

    @Test("A body over the entry limit is not stored, and the record it would replace goes too")
    func oversized() async throws {
        try await withCacheDirectory { url in
            let storage = DirectoryCacheStorage(directory: url, maximumSize: 1 << 20, maximumEntrySize: 10)
            await storage.store(record("", body: "0123456789"), forKey: Self.key)
            #expect(await storage.records(forKey: Self.key).count == 1)
            await storage.store(record("", body: "0123456789A"), forKey: Self.key)
            #expect(await storage.records(forKey: Self.key).isEmpty)
            #expect(fileSizes(in: url) == 0)
        }
    }

    @Test("A record larger than the whole cap is not stored, and evicts nothing")
    func largerThanCap() async throws {
        try await withCacheDirectory { url in
            let storage = DirectoryCacheStorage(directory: url, maximumSize: 700, maximumEntrySize: 150)
            await storage.store(record("", body: "small"), forKey: key(0))
            await storage.store(record("", body: "x", head: String(repeating: "h", count: 700)), forKey: key(1))
            #expect(await storage.records(forKey: key(0)).count == 1)
            #expect(await storage.records(forKey: key(1)).isEmpty)
        }
    }

    @Test("A second storage on the same directory finds the records, and their order of last use")
    func restart() async throws {
        try await withCacheDirectory { url in
            let fileSize = CacheRecordFile.encode(filler(), forKey: key(0)).count
            let first = DirectoryCacheStorage(directory: url, maximumSize: 3 * fileSize, maximumEntrySize: 1_000)
            for index in 0..<3 { await first.store(filler(), forKey: key(index)) }
            // Last use as a restart reads it: from the files' dates, set here so that no clock tick decides.
            for (index, age) in [(0, 10.0), (1, 30.0), (2, 20.0)] {
                try FileManager.default.setAttributes(
                    [.modificationDate: Date().addingTimeInterval(-age)],
                    ofItemAtPath: url.appendingPathComponent(CacheFileName.make(key: key(index), variant: "")).path)
            }
            let second = DirectoryCacheStorage(directory: url, maximumSize: 3 * fileSize, maximumEntrySize: 1_000)
            #expect(await second.totalSize == 3 * fileSize)
            await second.store(filler(), forKey: key(3))
            #expect(await second.records(forKey: key(1)).isEmpty)
            for index in [0, 2, 3] { #expect(await second.records(forKey: key(index)) == [filler()]) }
        }
    }

    @Test("Reopened with a smaller cap, a storage keeps the most recently used records that fit")
    func restartSmaller() async throws {
        try await withCacheDirectory { url in
            let fileSize = CacheRecordFile.encode(filler(), forKey: key(0)).count
            let first = DirectoryCacheStorage(directory: url, maximumSize: 1 << 20, maximumEntrySize: 1_000)
            for index in 0..<4 { await first.store(filler(), forKey: key(index)) }
            for index in 0..<4 {
                try FileManager.default.setAttributes(
                    [.modificationDate: Date().addingTimeInterval(Double(index - 10))],
                    ofItemAtPath: url.appendingPathComponent(CacheFileName.make(key: key(index), variant: "")).path)
            }
            let second = DirectoryCacheStorage(directory: url, maximumSize: 2 * fileSize, maximumEntrySize: 1_000)
            #expect(await second.totalSize == 2 * fileSize)
            #expect(fileSizes(in: url) == 2 * fileSize)
            for index in [2, 3] { #expect(await second.records(forKey: key(index)).count == 1) }
        }
    }

    @Test("The directory is the owner's alone, and so is every file")
    func permissions() async throws {
        try await withCacheDirectory { parent in
            let url = parent.appendingPathComponent("nested/cache")
            let storage = DirectoryCacheStorage(directory: url, maximumSize: 1 << 20, maximumEntrySize: 1 << 16)
            await storage.store(record("", body: "body"), forKey: Self.key)
            let name = CacheFileName.make(key: Self.key, variant: "")
            let modes = (try mode(of: url), try mode(of: url.appendingPathComponent(name)))
            #expect(modes == (0o700, 0o600))
        }
    }

    @Test("A directory removed under a running storage is made again on the next store")
    func directoryRemoved() async throws {
        try await withCacheDirectory { url in
            let storage = DirectoryCacheStorage(directory: url, maximumSize: 1 << 20, maximumEntrySize: 1 << 16)
            await storage.store(record("", body: "one"), forKey: key(0))
            try FileManager.default.removeItem(at: url)
            #expect(await storage.records(forKey: key(0)).isEmpty)
            await storage.store(record("", body: "two"), forKey: key(1))
            #expect(await storage.records(forKey: key(1)) == [record("", body: "two")])
            #expect(await storage.totalSize == fileSizes(in: url))
        }
    }

    @Test("A restart removes what an interrupted write left, and leaves other files alone")
    func leftovers() async throws {
        try await withCacheDirectory { url in
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
            try Data("half a record".utf8).write(to: url.appendingPathComponent(".tmp-1234"))
            try Data("the owner's".utf8).write(to: url.appendingPathComponent("notes.txt"))
            let storage = DirectoryCacheStorage(directory: url, maximumSize: 1 << 20, maximumEntrySize: 1 << 16)
            #expect(await storage.totalSize == 0)
            #expect(try FileManager.default.contentsOfDirectory(atPath: url.path) == ["notes.txt"])
        }
    }

    /// A record of `body` with a head of `head`.
    private func record(_ variant: String, body: String, head: String = "head") -> CacheRecord {
        CacheRecord(variant: variant, head: .sample(head), body: Data(body.utf8))
    }

    private func filler() -> CacheRecord {
        record("", body: String(repeating: "x", count: 100))
    }

    private func key(_ index: Int) -> String {
        "GET https://example.com/\(index)"
    }

    private func mode(of url: URL) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
        return try #require(attributes[.posixPermissions] as? Int) & 0o777
    }
}

/// Runs `body` with the URL of a directory of its own that does not exist yet, and removes it afterwards.
func withCacheDirectory(_ body: (URL) async throws -> Void) async throws {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("cache-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: url) }
    try await body(url)
}

/// The sizes of the record files in `url`, added up.
func fileSizes(in url: URL) -> Int {
    CacheDirectory(url: url).files().reduce(0) { $0 + $1.size }
}
