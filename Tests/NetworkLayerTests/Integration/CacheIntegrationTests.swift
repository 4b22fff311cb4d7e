import Foundation
@_spi(Transport) import NetworkLayer
import TestSupport
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Issue 38's probe against a real origin: what leaves the process with `HTTPCache` on, over the suites'
/// transport (`URLSessionTransport` here, `AsyncHTTPClientTransport` where the integrations package builds
/// these suites again).
@Suite("Integration: HTTP cache", .needsHTTPBin)
struct CacheIntegrationTests {
    /// httpbin's `/cache/{seconds}` (`Cache-Control: public, max-age=seconds`) and `/etag/{etag}` (an `ETag`,
    /// no freshness, `304` to a matching `If-None-Match`).
    enum Probe: EndPointType {
        case maxAge(seconds: Int)
        case etag(String)

        var baseURL: URL { HTTPBinPeer.baseURL }
        var path: String {
            switch self {
            case .maxAge(let seconds): "cache/\(seconds)"
            case .etag(let etag): "etag/\(etag)"
            }
        }
    }

    /// The transport's exchanges with the origin: each request head as it left, and the status that came back.
    final class Wire: HTTPTransport {
        let exchanges = Locked<[(request: URLRequest, status: Int)]>([])
        private let transport = LoopbackPeer.makeTransport()

        func send(_ request: TransportRequest) async throws -> TransportResponse {
            let response = try await transport.send(request)
            exchanges.withLock { $0.append((request.head, response.head.statusCode)) }
            return response
        }

        var decodedContentCodings: [String] { transport.decodedContentCodings }
    }

    private static func manager(over wire: Wire) -> NetworkManager<Probe> {
        NetworkManager(router: Router(configuration: RouterConfiguration(cache: HTTPCache()), transport: wire))
    }

    @Test("a max-age=60 response fetched twice reaches the origin once; the second answer is the cache's")
    func maxAge() async throws {
        _ = try HTTPBinPeer.requireURL()
        let wire = Wire()
        let manager = Self.manager(over: wire)
        let first = try await manager.response(for: .maxAge(seconds: 60))
        let second = try await manager.response(for: .maxAge(seconds: 60))
        #expect(wire.exchanges.withLock { $0.count } == 1)
        #expect(first.statusCode == 200)
        #expect(second.statusCode == 200)
        #expect(first.cacheStatus == .network)
        #expect(second.cacheStatus == .cached)
        #expect(second.data == first.data)
        #expect(!second.data.isEmpty)
        #expect(second.headers["Age"] != nil)
    }

    @Test("an ETag response fetched twice reaches the origin twice, the second with If-None-Match, both 200")
    func etag() async throws {
        _ = try HTTPBinPeer.requireURL()
        let wire = Wire()
        let manager = Self.manager(over: wire)
        let first = try await manager.response(for: .etag("probe-38"))
        let second = try await manager.response(for: .etag("probe-38"))
        let exchanges = wire.exchanges.withLock { $0 }
        #expect(exchanges.count == 2)
        let etag = try #require(first.headers["ETag"])
        #expect(exchanges.first?.request.value(forHTTPHeaderField: "If-None-Match") == nil)
        #expect(exchanges.last?.request.value(forHTTPHeaderField: "If-None-Match") == etag)
        #expect(exchanges.map(\.status) == [200, 304] as [Int])
        #expect(first.statusCode == 200)
        #expect(second.statusCode == 200)
        #expect(second.cacheStatus == .revalidated)
        #expect(second.data == first.data)
        #expect(!second.data.isEmpty)
    }
}
