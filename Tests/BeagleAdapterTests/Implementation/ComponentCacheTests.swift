import Foundation
import Testing

@testable import BeagleAdapter

@Suite("ComponentCache")
struct ComponentCacheTests {
    let start = Date(timeIntervalSince1970: 1_000)

    func text(_ component: (any ServerDrivenComponent)?) -> String? {
        (component as? TextScreen)?.text
    }

    @Test("The least recently used entry is evicted first")
    func leastRecentlyUsed() {
        var cache = ComponentCache<String>(capacity: 2, timeToLive: 60)
        cache.insert(TextScreen(text: "a"), for: "a", now: start)
        cache.insert(TextScreen(text: "b"), for: "b", now: start)
        #expect(text(cache.component(for: "a", now: start)) == "a")
        cache.insert(TextScreen(text: "c"), for: "c", now: start)
        #expect(cache.count == 2)
        #expect(cache.component(for: "b", now: start) == nil)
        #expect(text(cache.component(for: "a", now: start)) == "a")
        #expect(text(cache.component(for: "c", now: start)) == "c")
    }

    @Test("Entries expire after the time to live")
    func timeToLive() {
        var cache = ComponentCache<String>(capacity: 4, timeToLive: 10)
        cache.insert(TextScreen(text: "a"), for: "a", now: start)
        #expect(text(cache.component(for: "a", now: start.addingTimeInterval(9.9))) == "a")
        #expect(cache.component(for: "a", now: start.addingTimeInterval(10)) == nil)
        #expect(cache.count == 0)
    }

    @Test("Re-inserting replaces the entry and renews its time to live")
    func reinsert() {
        var cache = ComponentCache<String>(capacity: 4, timeToLive: 10)
        cache.insert(TextScreen(text: "old"), for: "a", now: start)
        cache.insert(TextScreen(text: "new"), for: "a", now: start.addingTimeInterval(8))
        #expect(cache.count == 1)
        #expect(text(cache.component(for: "a", now: start.addingTimeInterval(15))) == "new")
    }

    @Test("A capacity or time to live of zero caches nothing", arguments: [(0, 60.0), (4, 0.0)])
    func disabled(capacity: Int, timeToLive: Double) {
        var cache = ComponentCache<String>(capacity: capacity, timeToLive: timeToLive)
        cache.insert(TextScreen(text: "a"), for: "a", now: start)
        #expect(cache.count == 0)
        #expect(cache.component(for: "a", now: start) == nil)
    }
}
