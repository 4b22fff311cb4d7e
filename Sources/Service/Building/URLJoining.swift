import Foundation

/// Joins an endpoint's base URL and path (the rules are in <doc:DefiningEndpoints#Base-URL-and-path>).
enum URLJoining {
    /// `baseURL` with `path` appended below its own path, with exactly one `/` between them.
    ///
    /// The path is percent-encoded once (spaces become `%20`, `?` and `#` are escaped so they
    /// stay in the path), existing `%XX` escapes are kept, and an empty path leaves the base URL
    /// as it is. The base URL's query and fragment are kept, and its scheme is lowercased. A path that a
    /// server could resolve above the base URL's path is refused (``PathTraversal``).
    static func url(base: URL, path: String) throws(RequestBuildError) -> URL {
        let text = try self.text(base: base, path: path)
        guard let url = URL(string: text) else { throw .invalidURL(text) }
        return url
    }

    /// The joined URL as text, so a query can be added before it is parsed once.
    static func text(base: URL, path: String) throws(RequestBuildError) -> String {
        guard let scheme = base.scheme, !scheme.isEmpty, let host = base.host, !host.isEmpty else {
            throw .invalidURL(base.absoluteString)
        }
        let absolute = lowercasingScheme(scheme, of: base.absoluteString)
        let trimmedPath = path.drop { $0 == "/" }
        guard !trimmedPath.isEmpty else { return absolute }

        // URL syntax is about bytes, not characters, and scanning bytes is ten times faster.
        let utf8 = absolute.utf8
        let suffixStart = utf8.firstByteIndex { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") } ?? utf8.endIndex
        var bytes: [UInt8] = []
        bytes.reserveCapacity(utf8.count + trimmedPath.utf8.count + 8)
        bytes.append(contentsOf: utf8[..<suffixStart])
        if bytes.last != UInt8(ascii: "/") { bytes.append(UInt8(ascii: "/")) }
        let pathStart = bytes.endIndex
        PercentEscaping.appendPath(String(trimmedPath), to: &bytes)
        guard !PathTraversal.leavesBase(bytes[pathStart...]) else { throw .invalidPath(path) }
        bytes.append(contentsOf: utf8[suffixStart...])
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `text` with its `scheme` in lower case: schemes are case-insensitive, and Foundation on Linux
    /// rejects `HTTP://` as an unsupported URL.
    private static func lowercasingScheme(_ scheme: String, of text: String) -> String {
        let lowercased = scheme.lowercased()
        guard lowercased != scheme else { return text }
        return lowercased + text.dropFirst(scheme.count)
    }
}
