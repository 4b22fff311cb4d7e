import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Stores the cookies that responses set, once per response, for a ``URLSessionTransport`` on Linux.
///
/// Foundation on Linux looks for cookies in every response header line as it arrives: it turns the
/// line into a string, splits and trims it and parses it as a `Set-Cookie` field, all on the session's
/// single work thread. With 32 requests in flight that was about a sixth of the client's CPU time. The
/// transport therefore runs its session with `httpCookieAcceptPolicy` set to `.never` and stores each
/// response's cookies here, in the storage and under the policy the caller configured. Foundation still
/// sends them from that storage.
struct ResponseCookies: Sendable {
    let storage: HTTPCookieStorage

    /// Cookie handling for a session with `configuration`; `nil` when it stores no cookies.
    init?(configuration: URLSessionConfiguration) {
        guard configuration.httpCookieAcceptPolicy != .never, let storage = configuration.httpCookieStorage else {
            return nil
        }
        self.storage = storage
    }

    /// Stores the cookies that `response` sets, as Foundation would: for the URL that answered, with no
    /// main document, leaving the storage's own accept policy to decide.
    func store(from response: HTTPURLResponse) {
        guard let url = response.url, let fields = response.value(forHTTPHeaderField: "Set-Cookie") else { return }
        let cookies = HTTPCookie.cookies(withResponseHeaderFields: ["Set-Cookie": fields], for: url)
        guard !cookies.isEmpty else { return }
        storage.setCookies(cookies, for: url, mainDocumentURL: nil)
    }
}
