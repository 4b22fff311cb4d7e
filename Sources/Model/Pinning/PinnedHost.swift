/// A host a ``CertificatePinning`` names: exactly, or `*.example.com` for any one label before `example.com`
/// (as OkHttp matches it: not `example.com`, not `a.b.example.com`).
struct PinnedHost: Sendable, Hashable {
    /// The host, lowercased, without the `*.` of a wildcard.
    let name: String
    let isWildcard: Bool

    /// Reads `pattern`, or returns `nil` when it is no host name, IP address or wildcard.
    init?(_ pattern: String) {
        let lowered = pattern.lowercased()
        let isWildcard = lowered.hasPrefix("*.")
        let name = Self.normalized(isWildcard ? String(lowered.dropFirst(2)) : lowered)
        let allowed = Set("abcdefghijklmnopqrstuvwxyz0123456789-.:")
        guard !name.isEmpty, name.allSatisfy(allowed.contains),
            !name.split(separator: ".", omittingEmptySubsequences: false).contains(where: \.isEmpty)
        else { return nil }
        (self.name, self.isWildcard) = (name, isWildcard)
    }

    /// Whether a connection to `host` is one this pattern pins.
    func matches(_ host: String) -> Bool {
        let host = Self.normalized(host.lowercased())
        guard isWildcard else { return host == name }
        guard host.hasSuffix("." + name) else { return false }
        let label = host.dropLast(name.count + 1)
        return !label.isEmpty && !label.contains(".")
    }

    /// `host` without an IPv6 literal's brackets or a fully qualified name's last dot.
    private static func normalized(_ host: String) -> String {
        var host = Substring(host)
        if host.hasPrefix("["), host.hasSuffix("]") { host = host.dropFirst().dropLast() }
        if host.hasSuffix(".") { host = host.dropLast() }
        return String(host)
    }
}
