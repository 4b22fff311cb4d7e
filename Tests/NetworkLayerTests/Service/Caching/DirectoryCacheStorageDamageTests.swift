import Foundation
import Testing

@testable import NetworkLayer

@Suite("A damaged file of the directory cache storage is a miss, and is removed")
struct DirectoryCacheStorageDamageTests {
    static let key = "GET https://example.com/a"
    static let record = CacheRecord(variant: "", head: .sample("head"), body: Data(repeating: 7, count: 100))

    /// What is found in a record's file in place of what was written.
    struct Damage: Sendable, CustomTestStringConvertible {
        var testDescription: String
        var contents: @Sendable (Data) -> Data
    }

    static let damages: [Damage] = [
        Damage(testDescription: "truncated to nothing") { _ in Data() },
        Damage(testDescription: "truncated mid-body") { Data($0.prefix($0.count - 10)) },
        Damage(testDescription: "a byte of the body changed") { file in
            var file = file
            file[file.count - 50] ^= 0xff
            return file
        },
        Damage(testDescription: "another program's file") { _ in Data(repeating: 0x20, count: 300) },
        Damage(testDescription: "another key's record") { _ in
            CacheRecordFile.encode(record, forKey: "GET https://example.com/other")
        },
        Damage(testDescription: "larger than the cap") { $0 + Data(count: 4_096) },
        Damage(testDescription: "a body over the entry limit") { _ in
            CacheRecordFile.encode(CacheRecord(variant: "", head: .sample(""), body: Data(count: 200)), forKey: key)
        },
    ]

    @Test("Reading a damaged file finds nothing, removes it, and frees its size", arguments: damages)
    func damaged(_ damage: Damage) async throws {
        try await withCacheDirectory { url in
            let storage = DirectoryCacheStorage(directory: url, maximumSize: 4_096, maximumEntrySize: 150)
            await storage.store(Self.record, forKey: Self.key)
            let file = url.appendingPathComponent(CacheFileName.make(key: Self.key, variant: ""))
            try damage.contents(try Data(contentsOf: file)).write(to: file)
            #expect(await storage.records(forKey: Self.key).isEmpty)
            #expect(!FileManager.default.fileExists(atPath: file.path))
            #expect(await storage.totalSize == 0)
        }
    }

    @Test("A damaged file found on restart is a miss too", arguments: damages)
    func damagedOnRestart(_ damage: Damage) async throws {
        try await withCacheDirectory { url in
            let first = DirectoryCacheStorage(directory: url, maximumSize: 4_096, maximumEntrySize: 150)
            await first.store(Self.record, forKey: Self.key)
            let file = url.appendingPathComponent(CacheFileName.make(key: Self.key, variant: ""))
            try damage.contents(try Data(contentsOf: file)).write(to: file)
            let second = DirectoryCacheStorage(directory: url, maximumSize: 4_096, maximumEntrySize: 150)
            #expect(await second.records(forKey: Self.key).isEmpty)
            #expect(!FileManager.default.fileExists(atPath: file.path))
        }
    }

    @Test("updateHead of a damaged file stores nothing")
    func updateHeadOfDamaged() async throws {
        try await withCacheDirectory { url in
            let storage = DirectoryCacheStorage(directory: url, maximumSize: 4_096, maximumEntrySize: 150)
            await storage.store(Self.record, forKey: Self.key)
            let file = url.appendingPathComponent(CacheFileName.make(key: Self.key, variant: ""))
            try Data("garbage".utf8).write(to: file)
            await storage.updateHead(.sample("new"), variant: "", forKey: Self.key)
            #expect(await storage.records(forKey: Self.key).isEmpty)
            #expect(fileSizes(in: url) == 0)
        }
    }

    @Test("A symbolic link in place of a record is not followed")
    func symbolicLink() async throws {
        try await withCacheDirectory { url in
            let storage = DirectoryCacheStorage(directory: url, maximumSize: 4_096, maximumEntrySize: 150)
            await storage.store(Self.record, forKey: Self.key)
            let file = url.appendingPathComponent(CacheFileName.make(key: Self.key, variant: ""))
            let target = url.appendingPathComponent("target")
            try FileManager.default.moveItem(at: file, to: target)
            try FileManager.default.createSymbolicLink(at: file, withDestinationURL: target)
            #expect(await storage.records(forKey: Self.key).isEmpty)
            #expect(FileManager.default.fileExists(atPath: target.path))
        }
    }
}
