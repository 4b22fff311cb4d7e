import Foundation

/// A ``CacheStorage`` in a directory, one file per record, that a later process finds again.
///
/// The index of the files (sizes and order of last use) is kept in memory and made on init from the files
/// themselves, their modification dates giving the order of last use; reading a record sets its file's date.
/// Within ``maximumSize`` over all files, the least recently used are removed to make room. A file that is not
/// a whole record of this format (cut short, altered, from another program or version, larger than the
/// limits) reads as a miss and is removed; files whose names are not those of records are left alone.
///
/// One storage per directory at a time. Its file I/O runs on the actor, under no lock.
actor DirectoryCacheStorage: CacheStorage {
    nonisolated let maximumEntrySize: Int
    /// The most bytes all files together may take.
    let maximumSize: Int
    private let directory: CacheDirectory
    private var index: CacheIndex

    /// A storage in `directory`, made owner-only if missing (and made again if removed meanwhile); what it
    /// holds from an earlier run is kept, up to `maximumSize`.
    init(directory url: URL, maximumSize: Int, maximumEntrySize: Int) {
        let maximumSize = max(0, maximumSize)
        let directory = CacheDirectory(url: url)
        directory.create()
        self.maximumSize = maximumSize
        self.maximumEntrySize = min(max(0, maximumEntrySize), maximumSize)
        self.directory = directory
        index = Self.index(of: directory, within: maximumSize)
    }

    /// The sizes of all files, added up.
    var totalSize: Int { index.totalSize }

    func records(forKey key: String) -> [CacheRecord] {
        index.names(withKeyPart: CacheFileName.keyPart(of: key)).compactMap { name in
            guard let record = read(name, key: key) else { return nil }
            index.markUsed(name)
            directory.touch(name)
            return record
        }
    }

    func store(_ record: CacheRecord, forKey key: String) {
        let name = CacheFileName.make(key: key, variant: record.variant)
        // A record that may not be kept takes the place of the one it replaces all the same: no record at all.
        guard record.body.count <= maximumEntrySize else { return discard(name) }
        let data = CacheRecordFile.encode(record, forKey: key)
        guard data.count <= maximumSize else { return discard(name) }
        for victim in index.leastRecentlyUsed(toFit: data.count, replacing: name, within: maximumSize) {
            discard(victim)
        }
        guard directory.store(data, as: name) || directory.create() && directory.store(data, as: name) else {
            return discard(name)
        }
        index.insert(name, size: data.count)
    }

    func updateHead(_ head: StoredResponse, variant: String, forKey key: String) {
        let name = CacheFileName.make(key: key, variant: variant)
        guard index.contains(name), var record = read(name, key: key) else { return }
        record.head = head
        store(record, forKey: key)
    }

    func removeRecords(forKey key: String) {
        for name in index.names(withKeyPart: CacheFileName.keyPart(of: key)) { discard(name) }
    }

    func removeAll() {
        for file in directory.files() { directory.remove(file.name) }
        index = CacheIndex()
    }

    /// The record in the file `name` if it is one stored under `key`; otherwise the file is removed.
    private func read(_ name: String, key: String) -> CacheRecord? {
        guard let data = directory.contents(of: name, limit: maximumSize),
            let decoded = CacheRecordFile.decode(data, maximumBodySize: maximumEntrySize),
            decoded.key == key, CacheFileName.make(key: key, variant: decoded.record.variant) == name
        else {
            discard(name)
            return nil
        }
        return decoded.record
    }

    private func discard(_ name: String) {
        directory.remove(name)
        index.remove(name)
    }

    /// The index of the record files in `directory`, least recently used first; files larger than
    /// `maximumSize` are removed, and then the least recently used until the rest fit.
    private static func index(of directory: CacheDirectory, within maximumSize: Int) -> CacheIndex {
        var index = CacheIndex()
        for file in directory.files().sorted(by: { $0.modified < $1.modified }) {
            if file.size > maximumSize {
                directory.remove(file.name)
            } else {
                index.insert(file.name, size: file.size)
            }
        }
        for victim in index.leastRecentlyUsed(toFit: 0, replacing: "", within: maximumSize) {
            directory.remove(victim)
            index.remove(victim)
        }
        return index
    }
}
