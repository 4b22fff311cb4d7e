import Testing

@_spi(Transport) @testable import NetworkLayer

@Suite("MD5")
struct MD5Tests {
    @Test(
        "the RFC 1321 test suite, and inputs around the 64-byte block",
        arguments: [
            ("", "d41d8cd98f00b204e9800998ecf8427e"),
            ("a", "0cc175b9c0f1b6a831c399e269772661"),
            ("abc", "900150983cd24fb0d6963f7d28e17f72"),
            ("message digest", "f96b697d7cb7938d525a2f31aaf161d0"),
            ("abcdefghijklmnopqrstuvwxyz", "c3fcd3d76192e4007dfb496cca67e13b"),
            ("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789", "d174ab98d277d9f5a5611c2c9f419d9f"),
            (String(repeating: "1234567890", count: 8), "57edf4a22be3c955ac49da2e2107b67a"),
            (String(repeating: "a", count: 55), "ef1772b6dff9a122358552954ad0df65"),
            (String(repeating: "a", count: 56), "3b0c8ac703f828b04c6c197006d17218"),
            (String(repeating: "a", count: 63), "b06521f39153d618550606be297466d5"),
            (String(repeating: "a", count: 64), "014842d480b571495a4a0363793f7367"),
            (String(repeating: "a", count: 65), "c743a45e0d2e6a95cb859adae0248435"),
            ("é", "66ddcd97cfdeabb2f6fb8a999b4bc76f"),
        ]
    )
    func vectors(input: String, digest: String) {
        #expect(DigestAlgorithm("MD5")?.hex(input) == digest)
        #expect(MD5.hash(input.utf8).count == 16)
    }
}
