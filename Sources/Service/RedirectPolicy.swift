import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What happens to credentials when a redirect is followed.
enum RedirectPolicy {
    /// Headers that must not follow a redirect to another origin (as curl does).
    static let credentialHeaders = ["Authorization", "Proxy-Authorization", "Cookie"]

    /// `next`, minus credential headers when it leaves the origin (scheme, host and port) of `previous`.
    static func follow(from previous: URLRequest?, to next: URLRequest) -> URLRequest {
        guard let from = previous?.url, let to = next.url, !sameOrigin(from, to) else { return next }
        var stripped = next
        for name in credentialHeaders {
            stripped.setValue(nil, forHTTPHeaderField: name)
        }
        return stripped
    }

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
}
