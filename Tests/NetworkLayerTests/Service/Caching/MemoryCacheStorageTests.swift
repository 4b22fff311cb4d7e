import Foundation
import Testing

@testable import NetworkLayer

@Suite("MemoryCacheStorage")
struct MemoryCacheStorageTests {
    private static func record(_ variant: String = "", body: Int) -> CacheRecord {
        CacheRecord(variant: variant, head: .sample("h"), body: Data(repeating: 1, count: body))
    }

    @Test("keeps one record per variant, replacing the same variant")
    func variants() async {
        let storage = MemoryCacheStorage(maximumSize: 10_000, maximumEntrySize: 1000)
        await storage.store(Self.record("a", body: 1), forKey: "k")
        await storage.store(Self.record("b", body: 2), forKey: "k")
        await storage.store(Self.record("a", body: 3), forKey: "k")
        let records = await storage.records(forKey: "k")
        #expect(records.map(\.variant).sorted() == ["a", "b"])
        #expect(records.first { $0.variant == "a" }?.body.count == 3)
        let headSize = StoredResponse.sample("h").byteCount
        #expect(storage.size == (1 + 1 + headSize + 3) + (1 + 1 + headSize + 2))
    }

    @Test("a body over the entry limit is not stored")
    func entryLimit() async {
        let storage = MemoryCacheStorage(maximumSize: 10_000, maximumEntrySize: 100)
        await storage.store(Self.record(body: 101), forKey: "k")
        await storage.store(Self.record(body: 100), forKey: "j")
        #expect(await storage.records(forKey: "k").isEmpty)
        #expect(await storage.records(forKey: "j").count == 1)
    }

    @Test("evicts the least recently used keys to stay within its size; reading counts as use")
    func eviction() async {
        // Room for three records and a half.
        let limit = MemoryCacheStorage.size(of: Self.record(body: 100), "a") * 7 / 2
        let storage = MemoryCacheStorage(maximumSize: limit, maximumEntrySize: 1000)
        for key in ["a", "b", "c"] { await storage.store(Self.record(body: 100), forKey: key) }
        _ = await storage.records(forKey: "a")
        await storage.store(Self.record(body: 100), forKey: "d")
        #expect(await storage.records(forKey: "b").isEmpty)
        for key in ["a", "c", "d"] { #expect(await storage.records(forKey: key).count == 1, "\(key)") }
        #expect(storage.size <= limit)
    }

    @Test("updates a head in place and keeps the body; removes by key and all")
    func updateAndRemove() async {
        let storage = MemoryCacheStorage(maximumSize: 10_000, maximumEntrySize: 1000)
        await storage.store(Self.record("v", body: 5), forKey: "k")
        await storage.updateHead(.sample("new head"), variant: "v", forKey: "k")
        await storage.updateHead(.sample("ignored"), variant: "other", forKey: "k")
        let records = await storage.records(forKey: "k")
        #expect(records.map(\.head) == [.sample("new head")])
        #expect(records.first?.body.count == 5)
        await storage.store(Self.record(body: 5), forKey: "j")
        await storage.removeRecords(forKey: "k")
        #expect(await storage.records(forKey: "k").isEmpty)
        await storage.removeAll()
        #expect(await storage.records(forKey: "j").isEmpty)
        #expect(storage.size == 0)
    }

    @Test("concurrent stores, reads and removals keep the size true to what is stored")
    func concurrent() async {
        let storage = MemoryCacheStorage(maximumSize: 5_000, maximumEntrySize: 1000)
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<200 {
                group.addTask {
                    let key = "k\(index % 20)"
                    await storage.store(Self.record("\(index % 3)", body: index), forKey: key)
                    _ = await storage.records(forKey: key)
                    if index % 7 == 0 { await storage.removeRecords(forKey: key) }
                }
            }
        }
        var total = 0
        for index in 0..<20 {
            for record in await storage.records(forKey: "k\(index)") {
                total += MemoryCacheStorage.size(of: record, "k\(index)")
            }
        }
        #expect(storage.size == total)
        #expect(total <= 5_000)
    }
}
