import Foundation
import Testing

@testable import NetworkLayer

@Suite("The directory cache storage under concurrent use")
struct DirectoryCacheStorageConcurrencyTests {
    @Test("50 concurrent stores, reads and updates leave whole records, and an index that matches the files")
    func concurrentStores() async throws {
        try await withCacheDirectory { url in
            let bodySize = 1_000
            let storage = DirectoryCacheStorage(directory: url, maximumSize: 20 * 1_200, maximumEntrySize: bodySize)
            await withTaskGroup(of: Void.self) { group in
                for index in 0..<50 {
                    group.addTask {
                        // Five keys, two variants each: many tasks write the same file.
                        let key = "GET https://example.com/\(index % 5)"
                        let body = Data(repeating: UInt8(index), count: bodySize)
                        let record = CacheRecord(variant: "\(index % 2)", head: .sample("\(index)"), body: body)
                        await storage.store(record, forKey: key)
                        _ = await storage.records(forKey: key)
                        await storage.updateHead(.sample("updated \(index)"), variant: "\(index % 2)", forKey: key)
                        if index % 7 == 0 { await storage.removeRecords(forKey: key) }
                    }
                }
            }
            for keyIndex in 0..<5 {
                for record in await storage.records(forKey: "GET https://example.com/\(keyIndex)") {
                    let writer = try #require(record.body.first)
                    #expect(record.body == Data(repeating: writer, count: bodySize))
                    #expect(Int(writer) % 5 == keyIndex)
                    #expect(record.variant == "\(writer % 2)")
                }
            }
            #expect(await storage.totalSize == fileSizes(in: url))
            #expect(await storage.totalSize <= 20 * 1_200)
        }
    }
}
