import Foundation
import TestSupport
import Testing

@testable import NetworkLayer

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("SessionDelegate and Foundation's URLCache")
struct SessionDelegateCachingTests {
    @Test(
        "a response to a request that ignores the local cache is not offered to Foundation's URLCache",
        arguments: [
            (URLRequest.CachePolicy.reloadIgnoringLocalCacheData, false), (.useProtocolCachePolicy, true),
        ])
    func declinesURLCache(policy: URLRequest.CachePolicy, stored: Bool) throws {
        let delegate = SessionDelegate(cookies: nil, streamWindow: 1024)
        let session = URLSession(configuration: .ephemeral)
        defer { session.invalidateAndCancel() }
        let url = try #require(URL(string: "http://127.0.0.1:9/cached"))
        var request = URLRequest(url: url)
        request.cachePolicy = policy
        let task = session.dataTask(with: request)
        let proposed = CachedURLResponse(
            response: URLResponse(url: url, mimeType: nil, expectedContentLength: 0, textEncodingName: nil),
            data: Data())
        let kept = Locked<Bool?>(nil)
        delegate.urlSession(session, dataTask: task, willCacheResponse: proposed) { response in
            kept.withLock { $0 = response != nil }
        }
        #expect(kept.current == stored)
    }
}
