import Testing

@_spi(Transport) @testable import NetworkLayer

@Suite("WWW-Authenticate parsing")
struct WWWAuthenticateTests {
    typealias Challenge = WWWAuthenticate.Challenge

    @Test(
        "well-formed fields",
        arguments: [
            (#"Basic realm="Fake Realm""#, [Challenge(scheme: "basic", parameters: ["realm": "Fake Realm"])]),
            (
                #"bAsIc REALM="r", Charset="UTF-8""#,
                [Challenge(scheme: "basic", parameters: ["realm": "r", "charset": "UTF-8"])]
            ),
            (
                #"Digest realm="a\"b\\c", nonce=abc, qop="auth,auth-int", stale=False"#,
                [
                    Challenge(
                        scheme: "digest",
                        parameters: ["realm": #"a"b\c"#, "nonce": "abc", "qop": "auth,auth-int", "stale": "False"])
                ]
            ),
            (
                #"Newauth realm="apps", type=1, title="Login to \"apps\"", Basic realm="simple""#,
                [
                    Challenge(
                        scheme: "newauth", parameters: ["realm": "apps", "type": "1", "title": #"Login to "apps""#]),
                    Challenge(scheme: "basic", parameters: ["realm": "simple"]),
                ]
            ),
            (
                #"Negotiate, Bearer abc.def==, Basic realm = "x" , "#,
                [
                    Challenge(scheme: "negotiate"), Challenge(scheme: "bearer", token68: "abc.def=="),
                    Challenge(scheme: "basic", parameters: ["realm": "x"]),
                ]
            ),
            (
                #"Digest realm="", nonce="n, with comma""#,
                [Challenge(scheme: "digest", parameters: ["realm": "", "nonce": "n, with comma"])]
            ),
            ("", []),
            (" , ,", []),
        ]
    )
    func wellFormed(field: String, expected: [Challenge]) {
        #expect(WWWAuthenticate.challenges(in: field) == expected)
    }

    @Test(
        "malformed fields give no challenge",
        arguments: [
            #"realm="x""#,
            #"Basic realm="unterminated"#,
            #"Basic realm="x", realm="y""#,
            #"Digest realm=, nonce="n""#,
            #"Basic realm="x" nonce="y""#,
            #"Basic "x""#,
            "Basic realm=\"a\u{1}b\"",
            #"Basic realm="x"junk"#,
            #"Basic realm="x\"#,
            #"Bearer abc==, realm="x""#,
            "Basic realm=\"x\", =y",
            "Digest realm=\"x\",, nonce=",
            "Basic\u{0}",
        ]
    )
    func malformed(field: String) {
        #expect(WWWAuthenticate.challenges(in: field) == nil)
    }

    @Test("several fields are read one by one; a malformed one is skipped")
    func severalFields() {
        let challenges = WWWAuthenticate.challenges(in: [
            #"Digest realm="d", nonce="n""#, #"Basic realm="x"#, "Basic realm=b",
        ])

        #expect(challenges.map(\.scheme) == ["digest", "basic"])
        #expect(challenges.last?.parameters == ["realm": "b"])
    }
}
