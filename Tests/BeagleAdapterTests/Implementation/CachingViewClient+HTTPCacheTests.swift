import BeagleAdapter
import Dispatch
import Foundation
import NetworkLayer
import TestSupport
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The view client's decoded screens in front of the network client's `HTTPCache`: past its time to live, a
/// screen is answered by HTTP's rules.
@Suite("CachingViewClient over an HTTPCache")
struct CachingViewClientHTTPCacheTests {
    let clock = Locked(Date(timeIntervalSince1970: 1_000))
    let requests = Locked<[URLRequest]>([])

    /// A view client whose network client caches by HTTP; the server answers `/screen` with `cacheControl`
    /// and an `ETag`, and `304` to a request that names that tag.
    func makeClient(cacheControl: String) -> CachingViewClient {
        let requests = self.requests
        let transport = ClosureTransport { request in
            requests.withLock { $0.append(request) }
            guard let url = request.url else { throw URLError(.badURL) }
            let headers = ["Cache-Control": cacheControl, "ETag": "\"v1\""]
            let status = request.value(forHTTPHeaderField: "If-None-Match") == "\"v1\"" ? 304 : 200
            let body = status == 200 ? Data("home".utf8) : Data()
            return (body, try HTTPFixtures.response(for: url, status: status, headers: headers))
        }
        let clock = self.clock
        return CachingViewClient(
            networkClient: RouterNetworkClient(transport: transport, logger: nil, cache: HTTPCache()),
            coder: TextCoder(),
            urlBuilder: UrlBuilder(baseUrl: URL(string: "https://beagle.test")),
            timeToLive: 30,
            completionQueue: DispatchQueue(label: "CachingViewClientHTTPCacheTests"),
            now: { clock.current }
        )
    }

    func text(_ client: CachingViewClient) async throws -> String? {
        try (await client.screen("/screen").get() as? TextScreen)?.text
    }

    @Test("Past its time to live, a screen the server still calls fresh is decoded again, without a request")
    func freshByHTTP() async throws {
        let client = makeClient(cacheControl: "max-age=600")
        #expect(try await text(client) == "home")
        clock.withLock { $0 = $0.addingTimeInterval(31) }
        #expect(try await text(client) == "home")
        #expect(requests.current.count == 1)
    }

    @Test("Past its time to live, a screen is revalidated: a 304 brings back the stored body")
    func revalidatedByHTTP() async throws {
        let client = makeClient(cacheControl: "no-cache")
        #expect(try await text(client) == "home")
        #expect(try await text(client) == "home")
        #expect(requests.current.count == 1)
        clock.withLock { $0 = $0.addingTimeInterval(31) }
        #expect(try await text(client) == "home")
        let sent = requests.current
        #expect(sent.count == 2)
        #expect(sent.last?.value(forHTTPHeaderField: "If-None-Match") == "\"v1\"")
    }
}
