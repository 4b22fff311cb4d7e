/// What a ``DirectoryCacheStorage`` knows of its files without reading them: each one's size and when it
/// was last used, in memory, so that finding a key's records and choosing what to evict touch no disk.
struct CacheIndex: Sendable {
    private struct Entry: Sendable {
        var size: Int
        /// Larger is more recent; a counter, not a clock, so that no two uses tie.
        var lastUse: UInt64
    }

    private var entries: [String: Entry] = [:]
    private var namesByKeyPart: [Substring: Set<String>] = [:]
    private var uses: UInt64 = 0
    /// The sizes of all files, added up.
    private(set) var totalSize = 0

    var count: Int { entries.count }

    func contains(_ name: String) -> Bool {
        entries[name] != nil
    }

    /// The names of the files whose names start with `keyPart`, sorted.
    func names(withKeyPart keyPart: String) -> [String] {
        namesByKeyPart[Substring(keyPart)].map { $0.sorted() } ?? []
    }

    /// Adds the file `name` of `size` bytes, or replaces what was known of it, as the one used last.
    mutating func insert(_ name: String, size: Int) {
        guard let keyPart = CacheFileName.keyPart(ofFileName: name) else { return }
        totalSize -= entries[name]?.size ?? 0
        uses += 1
        entries[name] = Entry(size: size, lastUse: uses)
        namesByKeyPart[keyPart, default: []].insert(name)
        totalSize += size
    }

    mutating func markUsed(_ name: String) {
        guard entries[name] != nil else { return }
        uses += 1
        entries[name]?.lastUse = uses
    }

    mutating func remove(_ name: String) {
        guard let entry = entries.removeValue(forKey: name),
            let keyPart = CacheFileName.keyPart(ofFileName: name)
        else { return }
        totalSize -= entry.size
        namesByKeyPart[keyPart]?.remove(name)
        if namesByKeyPart[keyPart]?.isEmpty == true { namesByKeyPart[keyPart] = nil }
    }

    /// The least recently used files to remove, oldest first, so that a file of `incoming` bytes written as
    /// `replacing` (whose present file it takes the place of, and which is never chosen) keeps the total
    /// within `limit`.
    func leastRecentlyUsed(toFit incoming: Int, replacing: String, within limit: Int) -> [String] {
        var excess = totalSize - (entries[replacing]?.size ?? 0) + incoming - limit
        guard excess > 0 else { return [] }
        var victims: [String] = []
        for (name, entry) in entries.sorted(by: { $0.value.lastUse < $1.value.lastUse }) where name != replacing {
            guard excess > 0 else { break }
            victims.append(name)
            excess -= entry.size
        }
        return victims
    }
}
