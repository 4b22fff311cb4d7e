import Foundation
import NetworkLayer

/// Turns the paths in server-driven screens into URLs.
public protocol UrlBuilderProtocol: Sendable {
    /// The URL that paths starting with `/` are relative to.
    var baseUrl: URL? { get set }

    /// The URL for `path`, or `nil` when there is none.
    func build(path: String) -> URL?
}

/// Beagle's URL rules: paths starting with `/` are appended to ``baseUrl``; anything else is
/// taken as a full URL.
///
/// A path without `%` is percent-encoded first (spaces become `%20`, non-ASCII letters their
/// UTF-8 escapes); a path with `%` is taken as already encoded and kept as it is. An empty path
/// has no URL.
public final class UrlBuilder: UrlBuilderProtocol {
    private let storedBaseUrl: Locked<URL?>

    /// Creates a builder.
    public init(baseUrl: URL? = nil) {
        storedBaseUrl = Locked(baseUrl)
    }

    /// The URL that paths starting with `/` are relative to; safe to change from any thread.
    public var baseUrl: URL? {
        get { storedBaseUrl.withLock { $0 } }
        set { storedBaseUrl.withLock { $0 = newValue } }
    }

    /// The URL for `path`, or `nil` for an empty or malformed path.
    public func build(path: String) -> URL? {
        guard !path.isEmpty else { return nil }
        let encoded = PathEncoding.encodeIfNeeded(path)
        guard path.hasPrefix("/"), var base = baseUrl?.absoluteString else {
            return URL(string: encoded)
        }
        if base.hasSuffix("/") { base.removeLast() }
        return URL(string: base + encoded)
    }
}
