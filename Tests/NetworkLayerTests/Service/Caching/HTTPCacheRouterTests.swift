import Foundation
import TestSupport
import Testing

@_spi(Transport) @testable import NetworkLayer

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The cache through a real `Router`: what reaches the origin, and what each caller gets.
@Suite("HTTPCache through a Router")
struct HTTPCacheRouterTests {
    @Test("a fresh response answers again from the cache, with its Age, and none without a cache")
    func hit() async throws {
        let clock = TestClock()
        let origin = Origin(always: OriginReply(headers: ["Cache-Control": "max-age=60"], body: "fresh"))
        let (router, _) = cachingRouter(origin, clock: clock)
        let first = try await router.request(.get())
        clock.advance(10)
        let second = try await router.request(.get())
        #expect(origin.hits == 1)
        #expect(first.cacheStatus == .network)
        #expect(second.cacheStatus == .cached)
        #expect(second.text == "fresh")
        #expect(second.headers["Age"] == "10")
        #expect(second.statusCode == 200)

        let uncached = Router<CacheEndpoint>(transport: origin)
        _ = try await uncached.request(.get())
        #expect(try await uncached.request(.get()).cacheStatus == .network)
        #expect(origin.hits == 3)
    }

    @Test("a stale response without validators is fetched again and replaced")
    func staleRefetched() async throws {
        let clock = TestClock()
        let origin = Origin { _, number in OriginReply(headers: ["Cache-Control": "max-age=60"], body: "v\(number)") }
        let (router, _) = cachingRouter(origin, clock: clock)
        _ = try await router.request(.get())
        clock.advance(61)
        let second = try await router.request(.get())
        let third = try await router.request(.get())
        #expect(origin.hits == 2)
        #expect(second.text == "v2")
        #expect(second.cacheStatus == .network)
        #expect(third.text == "v2")
        #expect(third.cacheStatus == .cached)
        #expect(origin.requests.current[1].value(forHTTPHeaderField: "If-None-Match") == nil)
    }

    @Test("a no-cache response with an ETag is revalidated: a 304 answers 200 with the stored body, fields updated")
    func revalidated() async throws {
        let clock = TestClock()
        let origin = Origin { request, _ in
            if request.value(forHTTPHeaderField: "If-None-Match") == "\"v1\"" {
                return OriginReply(status: 304, headers: ["ETag": "\"v1\"", "X-Version": "2"], body: "")
            }
            return OriginReply(
                headers: ["Cache-Control": "no-cache", "ETag": "\"v1\"", "X-Version": "1", "Content-Length": "6"],
                body: "stored")
        }
        let (router, _) = cachingRouter(origin, clock: clock)
        let first = try await router.request(.get())
        let second = try await router.request(.get())
        let third = try await router.request(.get())
        #expect(origin.hits == 3)
        #expect(first.cacheStatus == .network)
        #expect(second.cacheStatus == .revalidated)
        #expect(second.statusCode == 200)
        #expect(second.text == "stored")
        #expect(second.headers["X-Version"] == "2")
        #expect(second.headers["Content-Length"] == "6")
        #expect(third.headers["X-Version"] == "2")
        #expect(
            origin.requests.current.map { $0.value(forHTTPHeaderField: "If-None-Match") } == [nil, "\"v1\"", "\"v1\""])
    }

    @Test("a Last-Modified validator is sent back as If-Modified-Since")
    func lastModified() async throws {
        let clock = TestClock()
        let modified = TestClock.httpDate(TestClock.start.addingTimeInterval(-1000))
        let origin = Origin { request, _ in
            request.value(forHTTPHeaderField: "If-Modified-Since") == modified
                ? OriginReply(status: 304, body: "")
                : OriginReply(headers: ["Cache-Control": "max-age=0", "Last-Modified": modified], body: "page")
        }
        let (router, _) = cachingRouter(origin, clock: clock)
        _ = try await router.request(.get())
        let second = try await router.request(.get())
        #expect(second.cacheStatus == .revalidated)
        #expect(second.text == "page")
    }

    @Test(
        "only-if-cached without a usable response answers 504 and sends nothing",
        arguments: [
            CacheEndpoint(headers: ["Cache-Control": "only-if-cached"]),
            CacheEndpoint(cachePolicy: .onlyIfCached),
            CacheEndpoint(httpMethod: .post, cachePolicy: .onlyIfCached),
            CacheEndpoint(headers: ["Range": "bytes=0-1"], cachePolicy: .onlyIfCached),
        ])
    func onlyIfCached(endpoint: CacheEndpoint) async throws {
        let origin = Origin(always: OriginReply())
        let (router, _) = cachingRouter(origin, clock: TestClock())
        let response = try await router.request(endpoint)
        #expect(response.statusCode == 504)
        #expect(response.cacheStatus == .cached)
        #expect(origin.hits == 0)
    }

    @Test("the endpoint's policy: reload goes to the network, cached-else-load and only-if-cached take a stale one")
    func policies() async throws {
        let clock = TestClock()
        let origin = Origin { _, number in OriginReply(headers: ["Cache-Control": "max-age=10"], body: "v\(number)") }
        let (router, _) = cachingRouter(origin, clock: clock)
        _ = try await router.request(.get())
        let reloaded = try await router.request(CacheEndpoint(cachePolicy: .reloadIgnoringCache))
        #expect(reloaded.cacheStatus == .network)
        #expect(reloaded.text == "v2")
        clock.advance(3600)
        let elseLoad = try await router.request(CacheEndpoint(cachePolicy: .returnCachedElseLoad))
        let only = try await router.request(CacheEndpoint(cachePolicy: .onlyIfCached))
        #expect(elseLoad.cacheStatus == .cached)
        #expect(only.cacheStatus == .cached)
        #expect(only.text == "v2")
        #expect(origin.hits == 2)
    }

    @Test("Vary keeps one response per value of the fields it names")
    func vary() async throws {
        let origin = Origin { request, _ in
            OriginReply(
                headers: ["Cache-Control": "max-age=60", "Vary": "Accept-Language"],
                body: request.value(forHTTPHeaderField: "Accept-Language") ?? "none")
        }
        let (router, _) = cachingRouter(origin, clock: TestClock())
        let english = CacheEndpoint.get(headers: ["Accept-Language": "en"])
        let french = CacheEndpoint.get(headers: ["Accept-Language": "fr"])
        #expect(try await router.request(english).text == "en")
        #expect(try await router.request(french).text == "fr")
        let again = try await router.request(english)
        #expect(again.text == "en")
        #expect(again.cacheStatus == .cached)
        #expect(try await router.request(french).cacheStatus == .cached)
        #expect(origin.hits == 2)
    }

    @Test("Vary: * is never stored")
    func varyStar() async throws {
        let origin = Origin(always: OriginReply(headers: ["Cache-Control": "max-age=60", "Vary": "*"]))
        let (router, _) = cachingRouter(origin, clock: TestClock())
        _ = try await router.request(.get())
        _ = try await router.request(.get())
        #expect(origin.hits == 2)
    }

    @Test("a response to one user's credentials never answers another's, unless it is public")
    func credentials() async throws {
        let origin = Origin { request, _ in
            OriginReply(
                headers: ["Cache-Control": "max-age=60"],
                body: request.value(forHTTPHeaderField: "Authorization") ?? "anonymous")
        }
        let (router, cache) = cachingRouter(origin, clock: TestClock())
        let alice = CacheEndpoint.get(headers: ["Authorization": "Bearer alice"])
        let bob = CacheEndpoint.get(headers: ["Authorization": "Bearer bob"])
        #expect(try await router.request(alice).text == "Bearer alice")
        #expect(try await router.request(bob).text == "Bearer bob")
        #expect(try await router.request(.get()).text == "anonymous")
        let aliceAgain = try await router.request(alice)
        #expect(aliceAgain.text == "Bearer alice")
        #expect(aliceAgain.cacheStatus == .cached)
        #expect(origin.hits == 3)
        let records = await cache.storage.records(forKey: "GET https://api.example.com/resource")
        #expect(
            records.allSatisfy {
                !String(decoding: $0.head.encoded() + Data($0.variant.utf8), as: UTF8.self).contains("alice")
            })
    }

    @Test("a public response to a request with credentials answers requests with others")
    func publicResponse() async throws {
        let origin = Origin(always: OriginReply(headers: ["Cache-Control": "public, max-age=60"], body: "shared"))
        let (router, _) = cachingRouter(origin, clock: TestClock())
        _ = try await router.request(.get(headers: ["Authorization": "Bearer alice"]))
        let other = try await router.request(.get(headers: ["Authorization": "Bearer bob"]))
        #expect(other.cacheStatus == .cached)
        #expect(origin.hits == 1)
    }

    @Test(
        "an unsafe request that succeeds invalidates its URL and same-origin Location; an error does not",
        arguments: [
            (200, "resource", true), (201, "other", true), (302, "resource", true), (500, "resource", false),
            (404, "resource", false),
        ])
    func invalidation(status: Int, location: String, invalidates: Bool) async throws {
        let origin = Origin { request, _ in
            request.httpMethod == "POST"
                ? OriginReply(status: status, headers: ["Location": "/\(location)"])
                : OriginReply(headers: ["Cache-Control": "max-age=600"])
        }
        let (router, _) = cachingRouter(origin, clock: TestClock())
        let watched = location == "other" ? CacheEndpoint.get("other") : CacheEndpoint.get()
        _ = try await router.request(watched)
        _ = try await router.request(CacheEndpoint(path: "resource", httpMethod: .post))
        let after = try await router.request(watched)
        #expect(after.cacheStatus == (invalidates ? .network : .cached))
    }

    @Test("no-store, and private in a shared cache, are not stored; private in a private cache is")
    func notStored() async throws {
        for (cacheControl, shared, stored) in [
            ("no-store, max-age=60", false, false), ("private, max-age=60", true, false),
            ("private, max-age=60", false, true), ("s-maxage=60", true, true),
        ] {
            let origin = Origin(always: OriginReply(headers: ["Cache-Control": cacheControl]))
            let (router, _) = cachingRouter(origin, clock: TestClock(), shared: shared)
            _ = try await router.request(.get())
            _ = try await router.request(.get())
            #expect(origin.hits == (stored ? 1 : 2), "\(cacheControl), shared \(shared)")
        }
    }

    @Test("a request's no-cache revalidates and its no-store stores nothing")
    func requestDirectives() async throws {
        let origin = Origin(always: OriginReply(headers: ["Cache-Control": "max-age=60", "ETag": "\"e\""]))
        let (router, _) = cachingRouter(origin, clock: TestClock())
        _ = try await router.request(.get("a", headers: ["Cache-Control": "no-store"]))
        _ = try await router.request(.get("a"))
        #expect(origin.hits == 2)
        _ = try await router.request(.get("a", headers: ["Cache-Control": "no-cache"]))
        #expect(origin.hits == 3)
        #expect(origin.requests.current[2].value(forHTTPHeaderField: "If-None-Match") == "\"e\"")
    }

    @Test("stale-if-error answers with the stale response when the origin fails or answers 503")
    func staleIfError() async throws {
        let clock = TestClock()
        let origin = Origin { _, number in
            switch number {
            case 1: OriginReply(headers: ["Cache-Control": "max-age=10, stale-if-error=60"], body: "kept")
            case 2: OriginReply(status: 503, body: "down")
            default: throw NetworkError(.cannotConnect, detail: "refused")
            }
        }
        let (router, _) = cachingRouter(origin, clock: clock)
        _ = try await router.request(.get())
        clock.advance(20)
        let on503 = try await router.request(.get())
        let onFailure = try await router.request(.get())
        #expect(on503.text == "kept")
        #expect(onFailure.text == "kept")
        #expect(onFailure.cacheStatus == .cached)
        clock.advance(100)
        await #expect(throws: NetworkError.self) { try await router.request(.get()) }
    }

    @Test("stale-while-revalidate answers stale at once and refreshes the stored response apart")
    func staleWhileRevalidate() async throws {
        let clock = TestClock()
        let origin = Origin { _, number in
            OriginReply(headers: ["Cache-Control": "max-age=10, stale-while-revalidate=60"], body: "v\(number)")
        }
        let (router, _) = cachingRouter(origin, clock: clock)
        _ = try await router.request(.get())
        clock.advance(20)
        let stale = try await router.request(.get())
        #expect(stale.text == "v1")
        #expect(stale.cacheStatus == .cached)
        #expect(await eventually { origin.hits >= 2 })
        var refreshed = stale.text
        for _ in 0..<10_000 where refreshed == "v1" {
            try await Task.sleep(nanoseconds: 2_000_000)
            refreshed = try await router.request(.get()).text
        }
        #expect(refreshed != "v1")
    }

    @Test("requests go to the transport with Foundation's cache off")
    func foundationCacheOff() async throws {
        let origin = Origin(always: OriginReply())
        let (router, _) = cachingRouter(origin, clock: TestClock())
        _ = try await router.request(.get())
        _ = try await router.request(CacheEndpoint(httpMethod: .post))
        #expect(origin.requests.current.allSatisfy { $0.cachePolicy == .reloadIgnoringLocalCacheData })
    }

    @Test("HEAD and GET are stored apart")
    func headApart() async throws {
        let origin = Origin(always: OriginReply(headers: ["Cache-Control": "max-age=60"]))
        let (router, _) = cachingRouter(origin, clock: TestClock())
        _ = try await router.request(CacheEndpoint(httpMethod: .head))
        let get = try await router.request(.get())
        #expect(get.cacheStatus == .network)
        #expect(get.text == "body")
        #expect(try await router.request(CacheEndpoint(httpMethod: .head)).cacheStatus == .cached)
    }

    @Test("the completion handler and NetworkManager see the cache status too")
    func otherPaths() async throws {
        let origin = Origin(always: OriginReply(headers: ["Cache-Control": "max-age=60"], body: "\"json\""))
        let (router, _) = cachingRouter(origin, clock: TestClock())
        _ = try await router.request(.get())
        let status = await withCheckedContinuation { continuation in
            router.request(.get()) { (result: Result<Response, NetworkError>) in
                continuation.resume(returning: try? result.get().cacheStatus)
            }
        }
        #expect(status == .cached)
        let manager = NetworkManager(router: router)
        #expect(try await manager.response(for: .get()).cacheStatus == .cached)
        #expect(origin.hits == 1)
    }

    @Test("a client's own conditional request is answered 304 from a fresh matching response")
    func clientConditional() async throws {
        let origin = Origin(always: OriginReply(headers: ["Cache-Control": "max-age=60", "ETag": "\"a\""]))
        let (router, _) = cachingRouter(origin, clock: TestClock())
        _ = try await router.request(.get())
        let matching = try await router.request(.get(headers: ["If-None-Match": "W/\"a\""]))
        let other = try await router.request(.get(headers: ["If-None-Match": "\"b\""]))
        #expect(matching.statusCode == 304)
        #expect(matching.data.isEmpty)
        #expect(other.statusCode == 200)
        #expect(origin.hits == 1)
    }
}
