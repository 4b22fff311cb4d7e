import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The rules every followed redirect obeys, whatever the policy decides: which schemes may be followed,
/// what counts as the same origin, and what a change of method takes away.
extension RedirectPolicy {
    /// Whether `url` is an `http` or `https` URL, in any case.
    static func isWeb(_ url: URL?) -> Bool {
        ["http", "https"].contains(url?.scheme?.lowercased())
    }

    /// Whether the `Location` of `response`, if it has one, resolves to an `http` or `https` URL.
    ///
    /// Foundation on Linux turns `Location: file:///etc/passwd` into a request for `/etc/passwd` on the
    /// same server, so the proposed request alone does not show where the server pointed.
    static func leadsToWeb(_ response: HTTPURLResponse) -> Bool {
        guard let location = response.value(forHTTPHeaderField: "Location") else { return true }
        return isWeb(URL(string: location.trimmingCharacters(in: .whitespaces), relativeTo: response.url)?.absoluteURL)
    }

    /// Whether two URLs share scheme, host and port (default ports included), case-insensitively.
    static func sameOrigin(_ lhs: URL, _ rhs: URL) -> Bool {
        lhs.scheme?.lowercased() == rhs.scheme?.lowercased()
            && lhs.host?.lowercased() == rhs.host?.lowercased()
            && effectivePort(lhs) == effectivePort(rhs)
    }

    private static func effectivePort(_ url: URL) -> Int? {
        if let port = url.port { return port }
        switch url.scheme?.lowercased() {
        case "http": return 80
        case "https": return 443
        default: return nil
        }
    }

    /// The fields that describe a body, dropped when a redirect drops the body (RFC 9110, 15.4).
    static let bodyHeaders = [
        "Content-Type", "Content-Length", "Content-Encoding", "Content-Language", "Content-Location", "Digest",
        "Transfer-Encoding",
    ]

    /// `proposed` as RFC 9110 wants it after `previous`: a `HEAD` stays a `HEAD` (Foundation turns it
    /// into a `GET` on a `303`), and a hop that changes the method loses the body's header fields with
    /// the body.
    static func correcting(_ proposed: URLRequest, after previous: URLRequest) -> URLRequest {
        var corrected = proposed
        if previous.httpMethod?.uppercased() == "HEAD" { corrected.httpMethod = "HEAD" }
        guard !keepsMethod(previous, corrected) else { return corrected }
        corrected.httpBody = nil
        corrected.httpBodyStream = nil
        for name in bodyHeaders {
            corrected.setValue(nil, forHTTPHeaderField: name)
        }
        return corrected
    }

    /// Whether the hop from `previous` to `next` keeps the method, so the body must go along too.
    static func keepsMethod(_ previous: URLRequest, _ next: URLRequest) -> Bool {
        (previous.httpMethod ?? "GET").uppercased() == (next.httpMethod ?? "GET").uppercased()
    }
}
