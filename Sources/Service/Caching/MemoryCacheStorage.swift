import Foundation

/// A ``CacheStorage`` in memory: at most `maximumSize` bytes of heads and bodies, the least recently used
/// keys evicted first.
final class MemoryCacheStorage: CacheStorage {
    let maximumEntrySize: Int
    /// The most bytes, heads and bodies and keys, the storage holds.
    let maximumSize: Int
    private let state = Locked(State())

    private struct State {
        var records: [String: [CacheRecord]] = [:]
        /// When each key was last used, by a counter that only grows.
        var lastUsed: [String: UInt64] = [:]
        var clock: UInt64 = 0
        var size = 0

        mutating func touch(_ key: String) {
            clock += 1
            lastUsed[key] = clock
        }

        mutating func remove(_ key: String) {
            size -= (records.removeValue(forKey: key) ?? []).reduce(0) { $0 + MemoryCacheStorage.size(of: $1, key) }
            lastUsed[key] = nil
        }

        /// Evicts the least recently used keys, `kept` last, until `size` is within `limit`.
        mutating func evict(toFit limit: Int, keeping kept: String) {
            while size > limit {
                var oldest: (key: String, tick: UInt64)?
                for (key, tick) in lastUsed where key != kept && tick < oldest?.tick ?? .max { oldest = (key, tick) }
                guard let oldest else { break }
                remove(oldest.key)
            }
            if size > limit { remove(kept) }
        }
    }

    init(maximumSize: Int, maximumEntrySize: Int) {
        self.maximumSize = max(0, maximumSize)
        self.maximumEntrySize = max(0, maximumEntrySize)
    }

    /// The bytes the stored records take, for tests.
    var size: Int { state.withLock { $0.size } }

    func records(forKey key: String) async -> [CacheRecord] {
        state.withLock { state in
            guard let records = state.records[key] else { return [] }
            state.touch(key)
            return records
        }
    }

    func store(_ record: CacheRecord, forKey key: String) async {
        guard record.body.count <= maximumEntrySize else { return }
        state.withLock { state in
            var records = state.records[key] ?? []
            if let index = records.firstIndex(where: { $0.variant == record.variant }) {
                state.size -= Self.size(of: records.remove(at: index), key)
            }
            records.append(record)
            state.records[key] = records
            state.size += Self.size(of: record, key)
            state.touch(key)
            state.evict(toFit: maximumSize, keeping: key)
        }
    }

    func updateHead(_ head: StoredResponse, variant: String, forKey key: String) async {
        state.withLock { state in
            guard var records = state.records[key], let index = records.firstIndex(where: { $0.variant == variant })
            else { return }
            state.size += head.byteCount - records[index].head.byteCount
            records[index].head = head
            state.records[key] = records
            state.touch(key)
            state.evict(toFit: maximumSize, keeping: key)
        }
    }

    func removeRecords(forKey key: String) async {
        state.withLock { $0.remove(key) }
    }

    func removeAll() async {
        state.withLock { $0 = State() }
    }

    /// What one record costs: its key, head and body.
    static func size(of record: CacheRecord, _ key: String) -> Int {
        key.utf8.count + record.variant.utf8.count + record.head.byteCount + record.body.count
    }
}
