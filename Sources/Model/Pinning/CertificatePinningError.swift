/// Why pins could not be read, or why a connection to a pinned host was refused.
///
/// A failed request carries it as the ``NetworkError/underlyingError`` of a ``NetworkError/Kind/secureConnection``
/// error; nothing was sent.
public enum CertificatePinningError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The text is not a pin: `sha256/` or `cert-sha256/` and the Base64 of a 32-byte digest.
    case invalidPin(String)
    /// The host is empty, or not a host name, an IP address or `*.` and a host name.
    case invalidHost(String)
    /// A host is given no pins.
    case noPins(host: String)
    /// The bytes hold no certificate, DER or PEM.
    case invalidCertificate
    /// The server's certificate chain shows none of the host's pins; `presented` are the pins it shows, leaf
    /// first: each certificate's public-key pin, followed by its certificate pin when the host has certificate pins.
    case mismatch(host: String, presented: [CertificatePin])
    /// The transport cannot check the host's pins, so the request was not sent; `reason` says what it can do.
    case unsupported(host: String, reason: String)

    /// One line: "no pin of 127.0.0.1 matched; the server presented sha256/…, sha256/…".
    public var description: String {
        switch self {
        case .invalidPin(let pin): "not a pin: \(pin.debugDescription) (expected sha256/ and a Base64 SHA-256)"
        case .invalidHost(let host): "not a host to pin: \(host.debugDescription)"
        case .noPins(let host): "no pins given for \(host)"
        case .invalidCertificate: "not a certificate (DER or PEM)"
        case .mismatch(let host, let presented):
            "no pin of \(host) matched; the server presented "
                + (presented.isEmpty ? "no certificate" : presented.map(\.description).joined(separator: ", "))
        case .unsupported(let host, let reason): "\(host) is pinned, but \(reason)"
        }
    }
}

extension CertificatePinningError {
    /// This failure as a request's error: ``NetworkError/Kind/secureConnection``, with this as its detail and
    /// underlying error.
    @_spi(Transport) public var networkError: NetworkError {
        NetworkError(.secureConnection, detail: description, underlyingError: self)
    }
}
