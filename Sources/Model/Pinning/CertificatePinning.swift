import Foundation

/// The pins of each pinned host: a connection to one succeeds only when the server's certificate chain shows
/// at least one of that host's pins, as OkHttp's `CertificatePinner` does.
///
/// ```swift
/// let pinning = try CertificatePinning([
///     "api.example.com": [
///         "sha256/hh3nX1UcH47YBoluId5kcGK+X1kclfZO9Y50bWl1ED0=",  // today's key
///         "sha256/B2uF/pQFgkoCuCbAvDD6gcQZRq8CBb/SUOr7l5b9tNg=",  // the backup, for the next rotation
///     ],
///     "*.cdn.example.com": ["sha256/paOa8gc/UzWuf/+FUkSINRzd2txBJzHpZzlbboTn/Kk="],
/// ])
/// let router = Router<MovieAPI>(configuration: RouterConfiguration(certificatePinning: pinning))
/// ```
///
/// A host is named exactly, or as `*.example.com` for any one label before `example.com`; a host that two
/// entries name is pinned with the pins of both. Hosts no entry names are not pinned. Pins hold only over
/// `https`: a plain `http` request to a pinned host fails before it is sent, and so does a request whose
/// transport cannot check its host's pins (see ``HTTPTransport``). <doc:Reliability> shows which transport
/// checks what.
public struct CertificatePinning: Sendable {
    private let entries: [Entry]

    private struct Entry: Sendable {
        let host: PinnedHost
        let pins: [CertificatePin]
    }

    /// Pins each host of `pins` to its pins.
    ///
    /// - Throws: ``CertificatePinningError/invalidHost(_:)`` for a key that is not a host or `*.` and a host,
    ///   ``CertificatePinningError/noPins(host:)`` for a host given none.
    public init(_ pins: [String: [CertificatePin]]) throws(CertificatePinningError) {
        var entries: [Entry] = []
        for (pattern, hostPins) in pins.sorted(by: { $0.key < $1.key }) {
            guard let host = PinnedHost(pattern) else { throw .invalidHost(pattern) }
            guard !hostPins.isEmpty else { throw .noPins(host: pattern) }
            entries.append(Entry(host: host, pins: hostPins))
        }
        self.entries = entries
    }

    /// Pins each host of `pins` to its pins written as text (see ``CertificatePin/init(_:)``).
    ///
    /// - Throws: ``CertificatePinningError/invalidPin(_:)`` for text that is not a pin, and the errors of the
    ///   initializer that takes pins.
    public init(_ pins: [String: [String]]) throws(CertificatePinningError) {
        var parsed: [String: [CertificatePin]] = [:]
        for (host, texts) in pins {
            var hostPins: [CertificatePin] = []
            for text in texts { hostPins.append(try CertificatePin(text)) }
            parsed[host] = hostPins
        }
        try self.init(parsed)
    }

    /// The pins a connection to `host` must show one of; empty when `host` is not pinned.
    public func pins(for host: String) -> [CertificatePin] {
        var pins: [CertificatePin] = []
        for entry in entries where entry.host.matches(host) {
            pins += entry.pins.filter { !pins.contains($0) }
        }
        return pins
    }

    /// The refusal of a connection to `host` whose server presented `chain` (DER, leaf first), or `nil` when the
    /// chain shows one of the host's pins or the host is not pinned.
    ///
    /// A certificate that cannot be read shows no pin.
    @_spi(Transport) public func failure(host: String, chain: [Data]) -> CertificatePinningError? {
        let pins = pins(for: host)
        guard !pins.isEmpty else { return nil }
        let certificates = chain.compactMap { DERCertificate([UInt8]($0)) }
        if certificates.contains(where: { certificate in pins.contains { $0.matches(certificate) } }) { return nil }
        // The key's pin of each certificate, as OkHttp lists them, and its certificate's too when the host has one.
        let subjects: [CertificatePin.Subject] =
            pins.contains { $0.subject == .certificate } ? [.publicKey, .certificate] : [.publicKey]
        let presented = certificates.flatMap { certificate in subjects.map { CertificatePin.of(certificate, $0) } }
        return .mismatch(host: host, presented: presented)
    }

    /// Whether a certificate of `chain` (DER) names one of the roots pinned for `host` (``CertificatePin/trustRoot``)
    /// as its issuer, or is one: a handshake refused over such a chain failed for another reason than its pins
    /// (a certificate expired, issued for another host). By names only, for telling the failures apart.
    @_spi(Transport) public func chainNamesPinnedRoot(host: String, chain: [Data]) -> Bool {
        let roots = pins(for: host).compactMap { $0.trustRoot.flatMap(DERCertificate.init) }
        return chain.compactMap { DERCertificate([UInt8]($0)) }.contains { certificate in
            roots.contains { $0.subject.elementsEqual(certificate.issuer) || $0.bytes == certificate.bytes }
        }
    }
}
