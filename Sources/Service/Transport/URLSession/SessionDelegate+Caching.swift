import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension SessionDelegate {
    /// Keeps Foundation's `URLCache` from storing a response whose request said not to use the cache
    /// (`reloadIgnoringLocalCacheData`, as every request does while a router has an ``HTTPCache``), so that
    /// nothing is cached twice. On Linux the transport's session has no `URLCache`, and this is never asked.
    func urlSession(
        _ session: URLSession,
        dataTask: URLSessionDataTask,
        willCacheResponse proposedResponse: CachedURLResponse,
        completionHandler: @escaping @Sendable (CachedURLResponse?) -> Void
    ) {
        let ignoresCache = dataTask.originalRequest?.cachePolicy == .reloadIgnoringLocalCacheData
        completionHandler(ignoresCache ? nil : proposedResponse)
    }
}
