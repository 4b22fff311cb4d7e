import Foundation
import Testing

@_spi(Transport) @testable import NetworkLayer

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("Redactor")
struct RedactorTests {
    @Test(
        "hides secret headers, case-insensitively",
        arguments: ["Authorization", "authorization", "Cookie", "Set-Cookie", "Proxy-Authorization", "x-api-key"]
    )
    func secretHeaders(name: String) {
        #expect(Redactor().header(name, value: "secret-value") == Redactor.placeholder)
    }

    @Test(
        "hides common secret headers beyond the credentials",
        arguments: [
            "X-Auth-Token", "X-Access-Token", "X-CSRF-Token", "X-XSRF-TOKEN", "X-Amz-Security-Token", "X-Goog-Api-Key",
            "Api-Key", "X-Api-Token", "X-Session-Token", "X-Session-ID", "Private-Token", "X-Vault-Token",
            "X-Hub-Signature-256", "X-Client-Secret", "X-Refresh-Token", "X-Auth", "X-Amz-Credential", "apiKey",
            "X-JWT-Assertion", "X-Password", "Sec-Session-Cookie",
        ]
    )
    func commonSecretHeaders(name: String) {
        #expect(Redactor().header(name, value: "secret-value") == Redactor.placeholder)
    }

    @Test(
        "hides common secret parameters",
        arguments: [
            "sig", "signature", "jwt", "auth", "code", "code_verifier", "pwd", "passwd", "otp", "sid", "assertion",
            "client_assertion", "private_key", "X-Amz-Signature", "X-Amz-Credential", "X-Amz-Security-Token",
            "csrf_token", "apiKey", "sessionid", "user[password]", "oauth_token_secret",
        ]
    )
    func commonSecretParameters(name: String) {
        #expect(Redactor().hidesParameter(name))
    }

    @Test(
        "shows ordinary parameters",
        arguments: ["page", "q", "language", "region", "sort_by", "include_adult", "codec", "state"]
    )
    func plainParameters(name: String) {
        #expect(!Redactor().hidesParameter(name))
    }

    @Test("hides secrets in a URL fragment, as OAuth's implicit flow sends them")
    func fragment() {
        let url = URL(string: "https://app.test/cb?state=s#access_token=abc123&token_type=bearer&expires_in=3600")!
        #expect(
            Redactor().url(url)
                == "https://app.test/cb?state=s#access_token=REDACTED&token_type=REDACTED&expires_in=3600")
        #expect(Redactor().url(URL(string: "https://x.org/a#section-2")!) == "https://x.org/a#section-2")
        #expect(Redactor().url(URL(string: "https://x.org/a#x?token=t")!) == "https://x.org/a#x?token=REDACTED")
    }

    @Test("the secrets a request sent are found in its headers, URL and body, and hidden where they come back")
    func secretsSent() {
        var request = URLRequest(url: URL(string: "https://u-123@x.org/a?api_key=k-123&page=2#id_token=jwt-456")!)
        request.setValue("Bearer tok-789", forHTTPHeaderField: "Authorization")
        request.setValue("plain-accept", forHTTPHeaderField: "Accept")
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = Data(#"{"login":{"password":"pw-246"},"name":"plain-name"}"#.utf8)
        let secrets = Redactor().secrets(sentWith: request)
        for secret in ["Bearer tok-789", "tok-789", "k-123", "jwt-456", "u-123", "pw-246"] {
            #expect(secrets.hidingValue(secret) == Redactor.placeholder, "\(secret)")
        }
        #expect(secrets.hiding(in: "plain-accept plain-name page") == "plain-accept plain-name page")
        let echo = #"{"headers":{"Authorization":"Bearer tok-789"},"args":{"api_key":"k-123"},"n":"abc"}"#
        let hidden = secrets.hiding(in: echo)
        #expect(!hidden.contains("tok-789") && !hidden.contains("k-123"))
        #expect(hidden.contains(#""n":"abc""#))
    }

    @Test("a secret shorter than four characters is hidden as a whole value only")
    func shortSecrets() {
        let secrets = EchoedSecrets(["42"])
        #expect(secrets.hiding(in: "id 42") == "id 42")
        #expect(secrets.hidingValue("42") == Redactor.placeholder)
        #expect(secrets.containsUnsearched(in: "id 42"))
        #expect(Redactor().body(Data("id 42".utf8), contentType: "text/plain", hiding: secrets) == nil)
    }

    @Test("shows ordinary headers", arguments: ["Accept", "Content-Type", "User-Agent"])
    func plainHeaders(name: String) {
        #expect(Redactor().header(name, value: "v") == "v")
    }

    @Test(
        "hides secret query items and keeps the rest",
        arguments: [
            ("https://x.org/a?api_key=abc&page=2", "https://x.org/a?api_key=REDACTED&page=2"),
            ("https://x.org/a?token=t&access_token=u#f", "https://x.org/a?token=REDACTED&access_token=REDACTED#f"),
            ("https://x.org/a?API_KEY=abc", "https://x.org/a?API_KEY=REDACTED"),
            ("https://x.org/a?api%5Fkey=abc", "https://x.org/a?api%5Fkey=REDACTED"),
            ("https://x.org/a?page=1&flag", "https://x.org/a?page=1&flag"),
            ("https://x.org/a", "https://x.org/a"),
            ("https://me:pw@x.org/a?token=t", "https://REDACTED@x.org/a?token=REDACTED"),
            ("https://me@x.org/a", "https://REDACTED@x.org/a"),
            (
                "https://x.org/cb?code=c1&state=s#access_token=a1&x=1",
                "https://x.org/cb?code=REDACTED&state=s#access_token=REDACTED&x=1"
            ),
            (
                "https://x.org/a?subscription-key=s1&Ocp-Apim-Subscription-Key=s2",
                "https://x.org/a?subscription-key=REDACTED&Ocp-Apim-Subscription-Key=REDACTED"
            ),
            ("https://x.org/a#x?code=c2", "https://x.org/a#x?code=REDACTED"),
            ("https://x.org/a@b:c", "https://x.org/a@b:c"),
        ]
    )
    func query(url: String, expected: String) {
        #expect(Redactor().url(URL(string: url)!) == expected)
    }

    @Test("names and fragments given add to the defaults, which always apply")
    func configurable() {
        let added = Redactor(headerNames: ["X-Tenant"], parameterNames: ["email"], secretNameFragments: ["ssn"])
        #expect(added.header("x_tenant", value: "t") == Redactor.placeholder)
        #expect(added.hidesParameter("Email"))
        #expect(added.hidesParameter("user_SSN_last4"))
        let redactor = Redactor(headerNames: ["X-Session"], parameterNames: ["sig"], secretNameFragments: [])
        #expect(redactor.header("x-session", value: "s") == Redactor.placeholder)
        #expect(redactor.header("Authorization", value: "a") == Redactor.placeholder)
        #expect(redactor.header("X-Functions-Key", value: "a") == Redactor.placeholder)
        #expect(
            redactor.url(URL(string: "https://x.org/?sig=1&api_key=2&code=3&q=4")!)
                == "https://x.org/?sig=REDACTED&api_key=REDACTED&code=REDACTED&q=4")
    }

    @Test(
        "the rule: a name containing a fragment anywhere, in any case and spelling, is secret",
        arguments: [
            "Ocp-Apim-Subscription-Key", "X-Functions-Key", "AccessKey", "X-Access-Key", "X-Master-Key",
            "Authentication", "subscription-key", "KEY_ID", "myApiKEY", "x.private.key", "WWW-Authenticate", "Author",
            "TOKEN", "id-Token-hint", "SECRET_ANSWER", "pass_word", "X-Session", "Sig-Nature", "aws.credential.id",
            "Set-Cookie", "x_jwt", "new.passwd",
        ])
    func rule(name: String) {
        #expect(Redactor().hidesHeader(name))
        #expect(Redactor().hidesParameter(name))
    }

    @Test("hides secret JSON keys at any depth, whatever their spelling and escapes")
    func json() throws {
        let body = Data(
            #"{"user":{"pass\u0077ord":"hunter2","name":"a"},"items":[{"Api-KEY":{"v":"t"}}], "n": 1.5e3}"#.utf8)
        let redacted = try #require(JSONRedaction.redacted(body, by: Redactor(), hiding: .none))
        #expect(redacted == #"{"user":{"password":"REDACTED","name":"a"},"items":[{"Api-KEY":"REDACTED"}],"n":1.5e3}"#)
        #expect(JSONRedaction.hiddenValues(in: body, by: Redactor()) == ["hunter2", "t"])
    }

    @Test(
        "JSON it cannot read with certainty is refused",
        arguments: [
            "not json", "{\"a\":1}\n{\"b\":2}", "{\"a\":1", "[1,]", "{\"a\" 1}", "01", "\"\u{01}\"", "[\"\\x\"]",
            String(repeating: "[", count: 513) + String(repeating: "]", count: 513), "{\"a\":tru}", "1.", "-",
        ])
    func refusedJSON(text: String) {
        #expect(JSONRedaction.redacted(Data(text.utf8), by: Redactor(), hiding: .none) == nil)
    }

    @Test("JSON 512 deep is read, without recursion")
    func deepJSON() {
        let text = String(repeating: "[", count: 512) + #"{"token":"t"}"# + String(repeating: "]", count: 512)
        // 512 arrays and the object make 513 containers: one too many.
        #expect(JSONRedaction.redacted(Data(text.utf8), by: Redactor(), hiding: .none) == nil)
        let fits = String(repeating: "[", count: 511) + #"{"token":"t"}"# + String(repeating: "]", count: 511)
        #expect(JSONRedaction.redacted(Data(fits.utf8), by: Redactor(), hiding: .none)?.contains("REDACTED") == true)
    }

    @Test(
        "a body is shown redacted when it can be read with certainty, else as nothing but its size",
        arguments: [
            (#"{"a":1, "token":"t1"}"#, "application/json", #"{"a":1,"token":"REDACTED"}"#),
            (#"{"a":"https://u:p@h/?code=c"}"#, nil, #"{"a":"https://REDACTED@h/?code=REDACTED"}"#),
            (#"[{"api_key":"k"}]"#, "text/plain", #"[{"api_key":"REDACTED"}]"#),
            ("a=1&client_secret=s&b=2", "application/x-www-form-urlencoded", "a=1&client_secret=REDACTED&b=2"),
            ("a=1&refresh_token=s", nil, "a=1&refresh_token=REDACTED"),
            ("a=1&refresh_token=s", "text/plain; charset=utf-8", "a=1&refresh_token=REDACTED"),
            ("upstream timed out", "text/plain", "upstream timed out"),
            ("<h1>502 Bad Gateway</h1>", "text/html", "<h1>502 Bad Gateway</h1>"),
            ("invalid api key", "text/plain", nil),
            ("Unauthorized", nil, nil),
            ("a\u{1B}[31m", "text/plain", nil),
            ("{\"a\":1}\n{\"b\":2}\n", "application/x-ndjson", nil),
            ("{\"a\":1}\n{\"b\":2}\n", nil, nil),
            (#"{"a":1"#, "application/json", nil),
            ("<a>1</a>", "application/xml", nil),
            ("plain", "application/octet-stream", nil),
        ] as [(String, String?, String?)])
    func bodies(body: String, contentType: String?, expected: String?) {
        #expect(Redactor().body(Data(body.utf8), contentType: contentType, hiding: .none) == expected)
    }

    @Test("a body that is not UTF-8 is not shown")
    func binaryBody() {
        #expect(Redactor().body(Data([0xFF, 0xFE, 0x41]), contentType: nil, hiding: .none) == nil)
    }

    @Test("hides secret form fields")
    func form() {
        #expect(Redactor().formEncoded("password=p%40ss&user=me") == "password=REDACTED&user=me")
    }

    @Test("hides nested secret names such as auth[token]")
    func nestedNames() {
        #expect(
            Redactor().formEncoded("login%5Btoken%5D=t&login%5Buser%5D=me")
                == "login%5Btoken%5D=REDACTED&login%5Buser%5D=me")
        #expect(Redactor().formEncoded("items%5B%5D=1") == "items%5B%5D=1")
    }

    @Test(
        "free text hides the credential after Bearer and Basic, and every parameter after Digest",
        arguments: [
            ("failed with Bearer tok-789 sent", "failed with Bearer REDACTED sent"),
            ("Authorization: basic dXNlcjpwYXNz", "Authorization: REDACTED REDACTED"),
            ("sent basic dXNlcjpwYXNz", "sent basic REDACTED"),
            ("GET https://x.org/?key=1: cannot connect", "GET https://x.org/?key=REDACTED cannot connect"),
            (
                #"sent Digest username="Mufasa", realm="x", response="8ca523f5""#,
                "sent Digest REDACTED REDACTED REDACTED"
            ),
            ("no credential here", "no credential here"),
        ])
    func freeText(text: String, expected: String) {
        #expect(Redactor().text(text) == expected)
    }
}
