import Foundation
import Testing

@_spi(Transport) @testable import NetworkLayer

@Suite("Certificate pins: reading, and the pins a certificate shows")
struct CertificatePinTests {
    @Test(
        "Text that is not sha256/ or cert-sha256/ and the Base64 of 32 bytes is a typed error",
        arguments: [
            "", "sha256/", "sha1/hh3nX1UcH47YBoluId5kcGK+X1kclfZO9Y50bWl1ED0=",
            "SHA256/hh3nX1UcH47YBoluId5kcGK+X1kclfZO9Y50bWl1ED0=", "sha256/not base64!",
            "sha256/aGVsbG8=", "hh3nX1UcH47YBoluId5kcGK+X1kclfZO9Y50bWl1ED0=",
        ])
    func invalidPins(text: String) {
        #expect(throws: CertificatePinningError.invalidPin(text)) { try CertificatePin(text) }
    }

    @Test(
        "A pin reads back as it was written",
        arguments: [TestCertificates.leafKeyPin, TestCertificates.authorityCertificatePin])
    func roundTrip(text: String) throws {
        #expect(try CertificatePin(text).description == text)
    }

    @Test("A certificate's pins are those openssl computes, from PEM or DER, v1 or v3")
    func certificatePins() throws {
        for (pem, keyPin) in [
            (TestCertificates.authority, TestCertificates.authorityKeyPin),
            (TestCertificates.leaf, TestCertificates.leafKeyPin),
        ] {
            let certificate = try #require(DERCertificate([UInt8](TestCertificates.der(pem))))
            #expect(CertificatePin.of(certificate, .publicKey).description == keyPin)
            #expect(try CertificatePin(keyPin).matches(certificate))
        }
        let fromPEM = try CertificatePin(certificate: Data(TestCertificates.authority.utf8))
        let fromDER = try CertificatePin(certificate: TestCertificates.der(TestCertificates.authority))
        #expect(fromPEM.description == TestCertificates.authorityCertificatePin)
        #expect(fromDER == fromPEM)
    }

    @Test("Only a self-issued certificate is a trust root")
    func trustRoots() throws {
        let authority = try CertificatePin(certificate: Data(TestCertificates.authority.utf8))
        let leaf = try CertificatePin(certificate: Data(TestCertificates.leaf.utf8))
        #expect(authority.trustRoot == [UInt8](TestCertificates.der(TestCertificates.authority)))
        #expect(leaf.trustRoot == nil)
        #expect(try CertificatePin(TestCertificates.authorityKeyPin).trustRoot == nil)
    }

    @Test(
        "Bytes that are no certificate are a typed error, never a trap",
        arguments: [
            Data(), Data("hello".utf8), Data([0x30, 0x80]), Data([0x30, 0x84, 0xFF, 0xFF, 0xFF, 0xFF]),
            Data("-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----".utf8),
            TestCertificates.der(TestCertificates.leaf).dropLast(),
        ])
    func invalidCertificates(bytes: Data) {
        #expect(throws: CertificatePinningError.invalidCertificate) { try CertificatePin(certificate: bytes) }
    }
}
