import Foundation
import Testing

@_spi(Transport) @testable import NetworkLayer

@Suite("HTTPCache on disk")
struct HTTPCacheDirectoryTests {
    @Test("A response stored by one cache answers from a second cache on the same directory, as after a restart")
    func restart() async throws {
        try await withCacheDirectory { url in
            let origin = Origin(always: OriginReply(headers: ["Cache-Control": "max-age=3600"], body: "kept"))
            let first = Router<CacheEndpoint>(
                configuration: RouterConfiguration(cache: HTTPCache(directory: url)), transport: origin)
            let fetched = try await first.request(.get())
            let hit = try await first.request(.get())
            #expect([fetched.cacheStatus, hit.cacheStatus] == [.network, .cached])

            let second = Router<CacheEndpoint>(
                configuration: RouterConfiguration(cache: HTTPCache(directory: url)), transport: origin)
            let afterRestart = try await second.request(.get())
            #expect(afterRestart.cacheStatus == .cached)
            #expect(afterRestart.text == "kept")
            #expect(origin.hits == 1)
        }
    }

    @Test("A body over the entry limit reaches the caller and is not stored")
    func entryLimit() async throws {
        try await withCacheDirectory { url in
            let origin = Origin(always: OriginReply(headers: ["Cache-Control": "max-age=3600"], body: "0123456789"))
            let cache = HTTPCache(directory: url, maximumEntrySize: 9)
            let router = Router<CacheEndpoint>(configuration: RouterConfiguration(cache: cache), transport: origin)
            let first = try await router.request(.get())
            let second = try await router.request(.get())
            #expect(first.text == "0123456789")
            #expect(second.cacheStatus == .network)
            #expect(origin.hits == 2)
            #expect(fileSizes(in: url) == 0)
        }
    }
}
