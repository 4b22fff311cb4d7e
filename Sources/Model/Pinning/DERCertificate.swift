/// The parts of an X.509 certificate (RFC 5280) that pinning reads, found in its DER bytes: the
/// SubjectPublicKeyInfo, whose SHA-256 is a public-key pin, and the issuer and subject names.
///
/// Only the outline of the certificate is walked, element by element; nothing is verified here.
struct DERCertificate: Sendable {
    /// The whole certificate, as DER.
    let bytes: [UInt8]
    /// The SubjectPublicKeyInfo, tag and length included, as a public-key pin hashes it.
    let subjectPublicKeyInfo: ArraySlice<UInt8>
    /// The issuer's Name, tag and length included.
    let issuer: ArraySlice<UInt8>
    /// The subject's Name, tag and length included.
    let subject: ArraySlice<UInt8>

    /// Reads `bytes`, or returns `nil` when they are not the outline of a certificate.
    init?(_ bytes: [UInt8]) {
        var outer = DERReader(bytes[...])
        guard let certificate = outer.next(), certificate.tag == DERReader.sequence, outer.isAtEnd else { return nil }
        var fields = DERReader(certificate.contents)
        guard let tbs = fields.next(), tbs.tag == DERReader.sequence else { return nil }
        var tbsFields = DERReader(tbs.contents)
        var field = tbsFields.next()
        // version [0] EXPLICIT, absent in a v1 certificate
        if field?.tag == 0xA0 { field = tbsFields.next() }
        guard field?.tag == DERReader.integer,  // serialNumber
            tbsFields.next()?.tag == DERReader.sequence,  // signature
            let issuer = tbsFields.next(), issuer.tag == DERReader.sequence,
            tbsFields.next()?.tag == DERReader.sequence,  // validity
            let subject = tbsFields.next(), subject.tag == DERReader.sequence,
            let key = tbsFields.next(), key.tag == DERReader.sequence
        else { return nil }
        self.bytes = bytes
        self.subjectPublicKeyInfo = key.element
        self.issuer = issuer.element
        self.subject = subject.element
    }

    /// Whether the certificate names itself as its issuer, as the certificate of a root authority does.
    var isSelfIssued: Bool { issuer.elementsEqual(subject) }
}
