import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Explains why Foundation on Linux cannot send a request to an IPv6 literal host such as `http://[::1]:8080/`.
///
/// Before it connects, Foundation there checks that `URL.host` and curl's own reading of the URL name the same
/// host; for an IPv6 literal they never do (`::1` against `[::1]`: `URL.host` drops the brackets, curl keeps
/// them), so every such request fails with `URLError(.badURL)` and no detail, whatever the library passes.
/// The failure becomes an ``NetworkError/Kind/unsupportedURL`` that says so.
enum IPv6LiteralHost {
    /// The error `error` stands for when it is Foundation's refusal of an IPv6 literal host; `nil` otherwise.
    static func refusal(_ error: URLError) -> NetworkError? {
        #if canImport(FoundationNetworking)
        guard error.code == .badURL, let host = error.failingURL?.host, host.contains(":") else { return nil }
        return NetworkError(
            .unsupportedURL,
            detail: "Foundation on Linux cannot reach an IPv6 literal host ([\(host)]); use a host name "
                + "that resolves to it, or AsyncHTTPClientTransport")
        #else
        return nil
        #endif
    }
}
