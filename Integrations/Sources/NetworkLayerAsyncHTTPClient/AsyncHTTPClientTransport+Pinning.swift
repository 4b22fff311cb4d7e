#if AsyncHTTPClient  // the package trait (Package.swift); without it, only the stand-in (+TraitOff.swift)
import AsyncHTTPClient
import Foundation
import NIOSSL
@_spi(Transport) import NetworkLayer

/// Certificate pinning over AsyncHTTPClient, which takes a TLS configuration per request and keeps the connections
/// of each configuration apart, but takes no callback to verify a server's chain: a pinned host's pins become its
/// only trust roots.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
extension AsyncHTTPClientTransport {
    /// `nil` when every pin was made from the certificate of a root authority (``NetworkLayer/CertificatePin/init(certificate:)``
    /// with a self-signed certificate): those certificates become the only trust roots of the host's connections,
    /// whose chains BoringSSL then verifies as always (signatures, dates, host name). Public-key pins, and pins of
    /// a leaf or an intermediate certificate, cannot be checked: requests to their host are refused.
    @_spi(Transport) public func pinningLimitation(for pins: [CertificatePin]) -> String? {
        let unchecked = pins.filter { $0.trustRoot == nil }
        guard !unchecked.isEmpty else { return nil }
        return "AsyncHTTPClientTransport checks only pins made from a root authority's certificate, which become "
            + "the host's only trust roots, not \(unchecked.map(\.description).joined(separator: ", "))"
    }

    /// The TLS configuration of a request to `url` when `pinning` pins its host: the client's (the one the transport
    /// was created with, or `TLSConfiguration.makeClientConfiguration()` for a client the app owns) with the pinned
    /// roots as its only trust roots; `nil` for a host not pinned.
    ///
    /// - Throws: ``NetworkLayer/CertificatePinningError/unsupported(host:reason:)`` when the pins cannot be
    ///   checked or the URL is not `https`: the first request was refused by the router, a redirect is refused here.
    func pinnedTLSConfiguration(for url: URL?, pinning: CertificatePinning?) throws -> TLSConfiguration? {
        guard let pinning, let url, let host = url.host else { return nil }
        let pins = pinning.pins(for: host)
        guard !pins.isEmpty else { return nil }
        let limitation =
            url.scheme?.lowercased() == "https" ? pinningLimitation(for: pins) : "pins hold only over https"
        if let limitation { throw CertificatePinningError.unsupported(host: host, reason: limitation).networkError }
        var configuration = clientTLSConfiguration ?? .makeClientConfiguration()
        configuration.trustRoots = .certificates(
            try pins.compactMap(\.trustRoot).map { try NIOSSLCertificate(bytes: $0, format: .der) })
        configuration.additionalTrustRoots = []
        configuration.certificateVerification = .fullVerification
        return configuration
    }

    /// The failure of a request to a pinned host whose handshake BoringSSL refused: a
    /// ``NetworkLayer/CertificatePinningError/mismatch(host:presented:)`` listing the pins of the chain the server
    /// presents, when that chain names no pinned root as its issuer, or `error` as it is when it does (the chain
    /// leads to a pinned root, so a date or the host name failed).
    ///
    /// The chain is read in a second handshake, which this end aborts once it has seen the certificates: no request
    /// is sent in it. It is only read for the message; the refusal was BoringSSL's.
    func pinningFailure(_ error: NetworkError, url: URL?, pinning: CertificatePinning?) async -> NetworkError {
        guard error.kind == .secureConnection, let pinning, let url, let host = url.host,
            !pinning.pins(for: host).isEmpty,
            let chain = try? await PresentedChain.read(
                host: host, port: url.port ?? 443, group: client.eventLoopGroup),
            !pinning.chainNamesPinnedRoot(host: host, chain: chain),
            let mismatch = pinning.failure(host: host, chain: chain)
        else { return error }
        return mismatch.networkError
    }
}
#endif
