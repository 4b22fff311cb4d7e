import Testing

@_spi(Transport) @testable import NetworkLayer

@Suite("DigestChallenge")
struct DigestChallengeTests {
    /// The challenge of RFC 7616, 3.9.1, with the algorithm left to each test.
    private func rfcChallenge(algorithm: String) -> [String: String] {
        [
            "realm": "http-auth@example.org", "qop": "auth, auth-int", "algorithm": algorithm,
            "nonce": "7ypf/xlj9XXwfDPEoM4URrv/xwf94BcCAzFZH4GiTo0v",
            "opaque": "FQhe/qaU925kfnzjCev0ciny7QMkPqMAFRtzCUYo5tdS",
        ]
    }

    @Test(
        "RFC 7616's worked example: Mufasa, \"Circle of Life\", GET /dir/index.html",
        arguments: [
            ("MD5", "8ca523f5e9506fed4657c9700eebdbec"),
            ("SHA-256", "753927fa0e85d155564e2e272a28d1802ca10daf4496794697cf8db5856cb6c1"),
        ]
    )
    func rfcExample(algorithm: String, response: String) throws {
        let challenge = try #require(DigestChallenge(parameters: rfcChallenge(algorithm: algorithm)))

        let authorization = challenge.authorization(
            for: HTTPCredential(user: "Mufasa", password: "Circle of Life"), method: "GET", uri: "/dir/index.html",
            cnonce: "f2/wE4q74E6zIJEtWaHKaf5wv/H5QzzpXusqGemxURZJ", count: 1)

        #expect(
            authorization
                == "Digest username=\"Mufasa\", realm=\"http-auth@example.org\", uri=\"/dir/index.html\", "
                + "algorithm=\(algorithm), nonce=\"7ypf/xlj9XXwfDPEoM4URrv/xwf94BcCAzFZH4GiTo0v\", nc=00000001, "
                + "cnonce=\"f2/wE4q74E6zIJEtWaHKaf5wv/H5QzzpXusqGemxURZJ\", qop=auth, response=\"\(response)\", "
                + "opaque=\"FQhe/qaU925kfnzjCev0ciny7QMkPqMAFRtzCUYo5tdS\"")
    }

    @Test("the nonce count is eight hexadecimal digits")
    func nonceCount() throws {
        let challenge = try #require(DigestChallenge(parameters: rfcChallenge(algorithm: "MD5")))

        let authorization = challenge.authorization(
            for: HTTPCredential(user: "u", password: "p"), method: "GET", uri: "/", cnonce: "c", count: 26)

        #expect(authorization?.contains(", nc=0000001a, ") == true)
    }

    @Test(
        "which challenges can be answered",
        arguments: [
            (["realm": "r", "nonce": "n"], true),
            (["realm": "r", "nonce": "n", "qop": "auth"], true),
            (["realm": "r", "nonce": "n", "qop": "AUTH-INT,auth"], true),
            (["realm": "r", "nonce": "n", "qop": "auth-int"], false),
            (["realm": "r", "nonce": "n", "algorithm": "md5-SESS"], true),
            (["realm": "r", "nonce": "n", "algorithm": "SHA-256-sess"], true),
            (["realm": "r", "nonce": "n", "algorithm": "SHA-512-256"], false),
            (["realm": "r", "nonce": "n", "algorithm": "unknown"], false),
            (["nonce": "n"], false),
            (["realm": "r"], false),
        ]
    )
    func answerable(parameters: [String: String], answerable: Bool) {
        #expect((DigestChallenge(parameters: parameters) != nil) == answerable)
    }

    @Test("a -sess algorithm hashes the nonce and client nonce into A1 (RFC 7616, 3.4.2)")
    func session() throws {
        let challenge = try #require(
            DigestChallenge(parameters: ["realm": "r", "nonce": "n", "qop": "auth", "algorithm": "MD5-sess"]))
        let md5 = try #require(DigestAlgorithm("MD5"))
        let a1 = md5.hex("\(md5.hex("u:r:p")):n:c")
        let expected = md5.hex("\(a1):n:00000001:c:auth:\(md5.hex("GET:/x"))")

        let authorization = challenge.authorization(
            for: HTTPCredential(user: "u", password: "p"), method: "GET", uri: "/x", cnonce: "c", count: 1)

        #expect(authorization?.contains("response=\"\(expected)\"") == true)
        #expect(authorization?.contains("algorithm=MD5-sess") == true)
    }

    @Test("without qop, the RFC 2069 response and no nc, cnonce or qop")
    func withoutQop() throws {
        let challenge = try #require(DigestChallenge(parameters: ["realm": "r", "nonce": "n"]))
        let md5 = try #require(DigestAlgorithm(nil))
        let expected = md5.hex("\(md5.hex("u:r:p")):n:\(md5.hex("GET:/x"))")

        let authorization = challenge.authorization(
            for: HTTPCredential(user: "u", password: "p"), method: "GET", uri: "/x", cnonce: "c", count: 1)

        #expect(
            authorization == "Digest username=\"u\", realm=\"r\", uri=\"/x\", nonce=\"n\", response=\"\(expected)\"")
    }

    @Test("quotes and backslashes are escaped; a user with a newline gets no answer")
    func quoting() throws {
        let challenge = try #require(DigestChallenge(parameters: ["realm": "a \"b\" \\c", "nonce": "n"]))

        let escaped = challenge.authorization(
            for: HTTPCredential(user: "x\"y", password: "p"), method: "GET", uri: "/", cnonce: "c", count: 1)
        let refused = challenge.authorization(
            for: HTTPCredential(user: "x\ny", password: "p"), method: "GET", uri: "/", cnonce: "c", count: 1)

        #expect(escaped?.hasPrefix(#"Digest username="x\"y", realm="a \"b\" \\c", "#) == true)
        #expect(refused == nil)
    }
}
