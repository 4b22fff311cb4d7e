import Foundation
import Testing

@testable import NetworkLayer

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
        arguments: ["page", "q", "language", "region", "author", "sort_by", "include_adult", "keyword"]
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

    @Test("the secrets a request sent are found in its headers, query and fragment")
    func secretsSent() {
        var request = URLRequest(url: URL(string: "https://x.org/a?api_key=k-123&page=2#id_token=jwt-456")!)
        request.setValue("Bearer tok-789", forHTTPHeaderField: "Authorization")
        request.setValue("plain", forHTTPHeaderField: "Accept")
        let secrets = Redactor().secrets(sentWith: request)
        #expect(secrets == ["Bearer tok-789", "tok-789", "k-123", "jwt-456"])
        let echo = #"{"headers":{"Authorization":"Bearer tok-789"},"args":{"api_key":"k-123"},"n":"abc"}"#
        let hidden = Redactor().text(echo, hiding: secrets)
        #expect(!hidden.contains("tok-789") && !hidden.contains("k-123"))
        #expect(hidden.contains(#""n":"abc""#))
        #expect(Redactor().text("id 42", hiding: ["42"]) == "id 42")
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
            ("https://me:pw@x.org/a?token=t", "https://me:REDACTED@x.org/a?token=REDACTED"),
            ("https://me@x.org/a", "https://me@x.org/a"),
            ("https://x.org/a@b:c", "https://x.org/a@b:c"),
        ]
    )
    func query(url: String, expected: String) {
        #expect(Redactor().url(URL(string: url)!) == expected)
    }

    @Test("the lists are configurable")
    func configurable() {
        var added = Redactor()
        added.headerNames.insert("X-Tenant")
        added.parameterNames.insert("email")
        #expect(added.header("x_tenant", value: "t") == Redactor.placeholder)
        #expect(added.hidesParameter("Email"))
        let redactor = Redactor(headerNames: ["X-Session"], parameterNames: ["sig"], secretNameFragments: [])
        #expect(redactor.header("x-session", value: "s") == Redactor.placeholder)
        #expect(redactor.header("Authorization", value: "a") == "a")
        #expect(redactor.url(URL(string: "https://x.org/?sig=1&api_key=2")!) == "https://x.org/?sig=REDACTED&api_key=2")
    }

    @Test("hides secret JSON keys at any depth")
    func json() throws {
        let body = Data(#"{"user":{"password":"hunter2","name":"a"},"items":[{"token":"t"}]}"#.utf8)
        let redacted = try #require(Redactor().json(body))
        #expect(!redacted.contains("hunter2"))
        #expect(!redacted.contains("\"t\""))
        #expect(redacted.contains("\"name\":\"a\""))
        #expect(Redactor().json(Data("not json".utf8)) == nil)
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
            ("Authorization: basic dXNlcjpwYXNz", "Authorization: basic REDACTED"),
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
