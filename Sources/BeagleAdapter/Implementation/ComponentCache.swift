import Foundation

/// Decoded screens by key, at most `capacity` of them, each kept for `timeToLive` seconds.
///
/// When full, the least recently used entry goes first. Not thread-safe on its own; the view
/// client keeps it under its lock.
struct ComponentCache<Key: Hashable & Sendable>: Sendable {
    private struct Entry: Sendable {
        let component: any ServerDrivenComponent
        let expiry: Date
    }

    /// The most entries kept; `0` keeps none.
    let capacity: Int
    /// How long an entry is served, in seconds; `0` or less keeps none.
    let timeToLive: TimeInterval
    private var entries: [Key: Entry] = [:]
    /// Keys from least to most recently used.
    private var recency: [Key] = []

    init(capacity: Int, timeToLive: TimeInterval) {
        self.capacity = max(0, capacity)
        self.timeToLive = timeToLive
    }

    /// The number of entries, expired ones included until they are looked up or evicted.
    var count: Int { entries.count }

    /// The component for `key` if it has not expired at `now`; marks it as just used.
    mutating func component(for key: Key, now: Date) -> (any ServerDrivenComponent)? {
        guard let entry = entries[key] else { return nil }
        guard entry.expiry > now else {
            remove(key)
            return nil
        }
        touch(key)
        return entry.component
    }

    /// Stores `component` for `key` until `now + timeToLive`, evicting the least recently used entries over capacity.
    mutating func insert(_ component: any ServerDrivenComponent, for key: Key, now: Date) {
        guard capacity > 0, timeToLive > 0 else { return }
        entries[key] = Entry(component: component, expiry: now.addingTimeInterval(timeToLive))
        touch(key)
        while entries.count > capacity, let oldest = recency.first {
            remove(oldest)
        }
    }

    /// Empties the cache.
    mutating func removeAll() {
        entries.removeAll()
        recency.removeAll()
    }

    private mutating func touch(_ key: Key) {
        if let index = recency.firstIndex(of: key) { recency.remove(at: index) }
        recency.append(key)
    }

    private mutating func remove(_ key: Key) {
        entries[key] = nil
        if let index = recency.firstIndex(of: key) { recency.remove(at: index) }
    }
}
