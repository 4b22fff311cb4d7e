import Foundation

/// One pin: the SHA-256 of a public key or of a whole certificate, which a server's certificate chain must show.
///
/// A public-key pin is written as OkHttp writes it, `sha256/` and the Base64 of the SHA-256 of the certificate's
/// SubjectPublicKeyInfo; it holds as long as the key does, across renewed certificates. A certificate pin is made
/// from the certificate itself (DER or PEM), so a transport that can only trust roots can use it as one:
///
/// ```swift
/// let key = try CertificatePin("sha256/hh3nX1UcH47YBoluId5kcGK+X1kclfZO9Y50bWl1ED0=")
/// let authority = try CertificatePin(certificate: Data(contentsOf: authorityPEM))
/// ```
///
/// The pin of a key:
/// `openssl x509 -in cert.pem -pubkey -noout | openssl pkey -pubin -outform der | openssl dgst -sha256 -binary | base64`.
public struct CertificatePin: Sendable, Hashable, CustomStringConvertible {
    /// What the digest is taken of.
    enum Subject: Sendable, Hashable {
        /// The certificate's SubjectPublicKeyInfo, DER.
        case publicKey
        /// The whole certificate, DER.
        case certificate
    }

    let subject: Subject
    /// The SHA-256 digest, 32 bytes.
    let digest: [UInt8]
    /// The certificate, DER, when the pin was made from one.
    let certificate: [UInt8]?

    /// The certificate, DER, when the pin was made from one that names itself as its issuer, as a root
    /// authority's does: a transport that can only choose whom it trusts trusts it as the host's only root.
    @_spi(Transport) public var trustRoot: [UInt8]? {
        guard let certificate, let parsed = DERCertificate(certificate), parsed.isSelfIssued else { return nil }
        return certificate
    }

    /// The prefix of a public-key pin, as OkHttp writes it.
    static let publicKeyPrefix = "sha256/"
    /// The prefix of a certificate pin written as text.
    static let certificatePrefix = "cert-sha256/"

    init(subject: Subject, digest: [UInt8], certificate: [UInt8]? = nil) {
        (self.subject, self.digest, self.certificate) = (subject, digest, certificate)
    }

    /// Reads a pin written as text: `sha256/` and the Base64 of a SubjectPublicKeyInfo's SHA-256 (OkHttp's form),
    /// or `cert-sha256/` and the Base64 of a whole certificate's.
    ///
    /// - Throws: ``CertificatePinningError/invalidPin(_:)`` for any other text, or a digest that is not 32 bytes.
    public init(_ pin: String) throws(CertificatePinningError) {
        let subject: Subject
        let encoded: Substring
        if pin.hasPrefix(Self.publicKeyPrefix) {
            (subject, encoded) = (.publicKey, pin.dropFirst(Self.publicKeyPrefix.count))
        } else if pin.hasPrefix(Self.certificatePrefix) {
            (subject, encoded) = (.certificate, pin.dropFirst(Self.certificatePrefix.count))
        } else {
            throw .invalidPin(pin)
        }
        guard let digest = Data(base64Encoded: String(encoded)), digest.count == 32 else { throw .invalidPin(pin) }
        self.init(subject: subject, digest: [UInt8](digest))
    }

    /// A pin of `certificate`, DER or PEM (the first certificate of a PEM file): its SHA-256, and the certificate,
    /// which a transport that can only trust roots makes the host's only one.
    ///
    /// - Throws: ``CertificatePinningError/invalidCertificate`` when the bytes hold no certificate.
    public init(certificate: Data) throws(CertificatePinningError) {
        let der = PEM.firstCertificate(in: certificate) ?? [UInt8](certificate)
        guard DERCertificate(der) != nil else { throw .invalidCertificate }
        self.init(subject: .certificate, digest: SHA256.hash(der), certificate: der)
    }

    /// The pin as text: `sha256/…` for a public key, `cert-sha256/…` for a certificate.
    public var description: String {
        (subject == .publicKey ? Self.publicKeyPrefix : Self.certificatePrefix) + Data(digest).base64EncodedString()
    }

    /// Whether `certificate` shows this pin.
    func matches(_ certificate: DERCertificate) -> Bool {
        switch subject {
        case .publicKey: SHA256.hash(certificate.subjectPublicKeyInfo) == digest
        case .certificate: SHA256.hash(certificate.bytes) == digest
        }
    }

    /// The pin of `subject` that `certificate` shows.
    static func of(_ certificate: DERCertificate, _ subject: Subject) -> CertificatePin {
        switch subject {
        case .publicKey: CertificatePin(subject: .publicKey, digest: SHA256.hash(certificate.subjectPublicKeyInfo))
        case .certificate: CertificatePin(subject: .certificate, digest: SHA256.hash(certificate.bytes))
        }
    }
}
