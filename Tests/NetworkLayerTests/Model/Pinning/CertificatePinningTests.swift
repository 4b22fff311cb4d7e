import Foundation
import Testing

@_spi(Transport) @testable import NetworkLayer

@Suite("Certificate pinning: hosts, and the chains that hold")
struct CertificatePinningTests {
    @Test(
        "Which hosts a pattern pins: exactly, or one label under *.",
        arguments: [
            ("api.example.com", "api.example.com", true), ("api.example.com", "API.Example.com.", true),
            ("api.example.com", "example.com", false), ("*.example.com", "a.example.com", true),
            ("*.example.com", "example.com", false), ("*.example.com", "a.b.example.com", false),
            ("*.example.com", "aexample.com", false), ("127.0.0.1", "127.0.0.1", true), ("::1", "[::1]", true),
        ])
    func hosts(pattern: String, host: String, pinned: Bool) throws {
        let pinning = try CertificatePinning([pattern: [TestCertificates.leafKeyPin]])
        #expect(pinning.pins(for: host).isEmpty == !pinned)
    }

    @Test("A host two patterns name has the pins of both, once each")
    func union() throws {
        let pinning = try CertificatePinning([
            "a.example.com": [TestCertificates.leafKeyPin],
            "*.example.com": [TestCertificates.leafKeyPin, TestCertificates.authorityKeyPin],
        ])
        #expect(
            pinning.pins(for: "a.example.com").map(\.description).sorted()
                == [TestCertificates.authorityKeyPin, TestCertificates.leafKeyPin].sorted())
    }

    @Test(
        "A bad host or no pins is a typed error",
        arguments: [
            (["": [TestCertificates.leafKeyPin]], CertificatePinningError.invalidHost("")),
            (["a b": [TestCertificates.leafKeyPin]], .invalidHost("a b")),
            (["a..b": [TestCertificates.leafKeyPin]], .invalidHost("a..b")),
            (["**.example.com": [TestCertificates.leafKeyPin]], .invalidHost("**.example.com")),
            (["example.com": []], .noPins(host: "example.com")),
            (["example.com": ["sha256/x"]], .invalidPin("sha256/x")),
        ] as [([String: [String]], CertificatePinningError)])
    func invalid(pins: [String: [String]], error: CertificatePinningError) {
        #expect(throws: error) { try CertificatePinning(pins) }
    }

    @Test("A chain holds when any certificate shows any pin; otherwise the error lists what it showed")
    func chains() throws {
        let chain = [TestCertificates.der(TestCertificates.leaf), TestCertificates.der(TestCertificates.authority)]
        for pins in [
            [TestCertificates.leafKeyPin], [TestCertificates.authorityKeyPin],
            [TestCertificates.otherPin, TestCertificates.authorityCertificatePin],
        ] {
            #expect(try CertificatePinning(["leaf.example": pins]).failure(host: "leaf.example", chain: chain) == nil)
        }
        let pinning = try CertificatePinning(["leaf.example": [TestCertificates.otherPin]])
        let failure = try #require(pinning.failure(host: "leaf.example", chain: chain))
        #expect(
            failure.description
                == "no pin of leaf.example matched; the server presented \(TestCertificates.leafKeyPin), "
                + TestCertificates.authorityKeyPin)
        #expect(pinning.failure(host: "other.example", chain: chain) == nil)
    }

    @Test("A chain names a pinned root when one of its certificates is issued by it")
    func namesPinnedRoot() throws {
        let root = try CertificatePin(certificate: Data(TestCertificates.authority.utf8))
        let pinning = try CertificatePinning(["leaf.example": [root]])
        #expect(
            pinning.chainNamesPinnedRoot(host: "leaf.example", chain: [TestCertificates.der(TestCertificates.leaf)]))
        let other = try CertificatePinning([
            "leaf.example": [try CertificatePin(certificate: Data(TestCertificates.leaf.utf8))]
        ])
        #expect(!other.chainNamesPinnedRoot(host: "leaf.example", chain: [TestCertificates.der(TestCertificates.leaf)]))
    }
}
