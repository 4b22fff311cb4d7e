import Foundation
import TestSupport
import Testing

@_spi(Transport) @testable import NetworkLayer

/// Bodies stored as they pass: through the router's buffered reading, streams and downloads.
@Suite("BodyTee")
struct BodyTeeTests {
    private static let cacheable = ["Cache-Control": "max-age=600"]

    @Test(
        "a body that arrives in chunks is stored within the entry limit and not past it",
        arguments: [(["ab", "cd", "ef"], 6, true), (["ab", "cd", "ef"], 5, false), ([], 0, true)])
    func chunked(chunks: [String], limit: Int, stored: Bool) async throws {
        let origin = Origin(always: OriginReply(headers: Self.cacheable, chunks: chunks))
        let (router, _) = cachingRouter(origin, clock: TestClock(), maximumEntrySize: limit)
        #expect(try await router.request(.get()).text == chunks.joined())
        let second = try await router.request(.get())
        #expect(second.text == chunks.joined())
        #expect(second.cacheStatus == (stored ? .cached : .network))
    }

    @Test("a streamed body is stored once the reader has read it to its end")
    func stream() async throws {
        let origin = Origin(always: OriginReply(headers: Self.cacheable, chunks: ["one ", "two ", "three"]))
        let (router, _) = cachingRouter(origin, clock: TestClock())
        let streamed = try await router.stream(.get())
        var text = ""
        for try await chunk in streamed.body { text += String(decoding: chunk, as: UTF8.self) }
        #expect(text == "one two three")
        let again = try await router.request(.get())
        #expect(again.cacheStatus == .cached)
        #expect(again.text == "one two three")
    }

    @Test("a stream the reader stops early, or that fails, stores nothing")
    func stoppedOrFailed() async throws {
        let origin = Origin { _, number in
            OriginReply(headers: Self.cacheable, chunks: ["one ", "two ", "three"], failsAfterChunks: number == 2)
        }
        let (router, cache) = cachingRouter(origin, clock: TestClock())
        let stopped = try await router.stream(.get())
        for try await _ in stopped.body { break }
        await #expect(throws: NetworkError.self) { try await router.request(.get()) }
        #expect(await cache.storage.records(forKey: "GET https://api.example.com/resource").isEmpty)
        #expect(try await router.request(.get()).cacheStatus == .network)
        #expect(try await router.request(.get()).cacheStatus == .cached)
        #expect(origin.hits == 3)
    }

    @Test("a body whose Content-Length passes the entry limit is not teed at all")
    func announcedTooLarge() async throws {
        let origin = Origin(
            always: OriginReply(headers: ["Cache-Control": "max-age=60", "Content-Length": "4"], body: "body"))
        let (router, _) = cachingRouter(origin, clock: TestClock(), maximumEntrySize: 3)
        _ = try await router.request(.get())
        #expect(try await router.request(.get()).cacheStatus == .network)
    }

    @Test("a whole body shorter than its Content-Length is not stored")
    func truncated() async throws {
        let origin = Origin(
            always: OriginReply(headers: ["Cache-Control": "max-age=60", "Content-Length": "10"], body: "short"))
        let (router, cache) = cachingRouter(origin, clock: TestClock())
        _ = try? await router.request(.get())
        #expect(await cache.storage.records(forKey: "GET https://api.example.com/resource").isEmpty)
    }
}
