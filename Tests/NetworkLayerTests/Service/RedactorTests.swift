import Foundation
import Testing

@testable import NetworkLayer

@Suite("Redactor")
struct RedactorTests {
    @Test(
        "hides secret headers, case-insensitively",
        arguments: ["Authorization", "authorization", "Cookie", "Set-Cookie", "Proxy-Authorization", "x-api-key"]
    )
    func secretHeaders(name: String) {
        #expect(Redactor().header(name, value: "secret-value") == Redactor.placeholder)
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
        let redactor = Redactor(headerNames: ["X-Session"], parameterNames: ["sig"])
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
            Redactor().formEncoded("auth%5Btoken%5D=t&auth%5Buser%5D=me")
                == "auth%5Btoken%5D=REDACTED&auth%5Buser%5D=me")
        #expect(Redactor().formEncoded("tokens%5B%5D=1") == "tokens%5B%5D=1")
    }
}
