import Foundation
import TestSupport
import Testing

@_spi(Transport) @testable import NetworkLayer

@Suite("HTTPCache under concurrent requests")
struct HTTPCacheConcurrencyTests {
    @Test("50 concurrent requests over 5 URLs each get their own URL's body, and the store stays whole")
    func fifty() async throws {
        let origin = Origin { request, _ in
            OriginReply(headers: ["Cache-Control": "max-age=600"], chunks: [request.url?.path ?? "", "|end"])
        }
        let (router, cache) = cachingRouter(origin, clock: TestClock())
        let results = await withTaskGroup(of: (String, String?).self) { group in
            for index in 0..<50 {
                group.addTask {
                    let path = "r\(index % 5)"
                    return (path, try? await router.request(.get(path)).text)
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.count == 50)
        for (path, text) in results { #expect(text == "/\(path)|end") }
        for index in 0..<5 {
            let records = await cache.storage.records(forKey: "GET https://api.example.com/r\(index)")
            #expect(records.count == 1)
            #expect(records.first.map { String(decoding: $0.body, as: UTF8.self) } == "/r\(index)|end")
        }
        #expect(try await router.request(.get("r0")).cacheStatus == .cached)
    }
}
