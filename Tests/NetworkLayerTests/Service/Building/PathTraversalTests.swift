import Foundation
import Testing

@_spi(Transport) @testable import NetworkLayer

@Suite("Paths stay below the base URL, however a server decodes them")
struct PathTraversalTests {
    private static let base = URL(string: "http://127.0.0.1/api/v1")!

    /// Paths that some server reads as a `.` or `..` segment.
    private static let refused: [String] = [
        // Percent-encoded separators and dots (nginx decodes, then resolves).
        "..%2F..%2Fadmin", "%2e%2e%2f%2e%2e%2fadmin", "%2E%2E%2F%2E%2E%2Fadmin", "%2e%2E/admin",
        ".%2e/admin", "%2e./admin", "a/..%2fadmin", "a%2F..%2F..%2Fadmin", "..%2f", "%2F..%2Fadmin",
        "%2e", "x/%2E", "x/%2e%2e",
        // Segment parameters (Tomcat and Jetty drop `;...`).
        "..;/..;/admin", "..;jsessionid=x/admin", ".;/admin", "a/..;", "..%3B/admin", "%2e%2e;x=1/admin",
        // Backslash as a separator (IIS, WHATWG URL parsers), raw or escaped.
        "..\\..\\admin", "..%5C..%5Cadmin", "a\\..", "a%5c%2e%2e", "..\\", "\\..\\admin",
        // Encoded twice or more (a proxy and the application each decode once).
        "%252e%252e%252fadmin", "%252E%252E/admin", "..%252Fadmin", "%25252e%25252e/admin", "%%32e%%32e/admin",
        // Unicode spellings that compatibility mapping turns into dots or separators.
        "\u{FF0E}\u{FF0E}/admin", "%EF%BC%8E%EF%BC%8E/admin", "\u{2025}/admin", "..\u{FF0F}admin",
        // Bytes that are no text (an overlong `.`), and control characters some servers cut a segment at.
        "%C0%AE%C0%AE/admin", "%FF/admin", "..%00/admin", "a%0A/b", "..\u{0}/admin",
        // Plain dot segments, leading, inside and trailing.
        "../admin", "/../admin", "./x", "a/.", "a/..", "..", ".", "a/../b", "a/./b", "a//../b", "a/b/../../..",
    ]

    /// Dots, semicolons and escapes that no server reads as a dot segment, with the path that is sent.
    private static let accepted: [(String, String)] = [
        ("..foo", "/api/v1/..foo"), ("a..b", "/api/v1/a..b"), (".well-known/x", "/api/v1/.well-known/x"),
        ("...", "/api/v1/..."), ("foo..", "/api/v1/foo.."), (".hidden", "/api/v1/.hidden"),
        ("v1.2/x", "/api/v1/v1.2/x"), ("%2e%2e%2e", "/api/v1/%2e%2e%2e"),
        ("users;jsessionid=x", "/api/v1/users;jsessionid=x"),
        ("a;v=1/b;x=..", "/api/v1/a;v=1/b;x=.."), (";x=1/y", "/api/v1/;x=1/y"), ("a%2Fb", "/api/v1/a%2Fb"),
        ("100%", "/api/v1/100%25"), ("caf\u{E9}", "/api/v1/caf%C3%A9"), ("a/.b/c.", "/api/v1/a/.b/c."),
        ("%2e%2e%2ehidden", "/api/v1/%2e%2e%2ehidden"), ("a\\b", "/api/v1/a%5Cb"), ("..%25", "/api/v1/..%25"),
    ]

    @Test("a path that some server reads as a . or .. segment is refused before anything is sent", arguments: refused)
    func refuses(path: String) {
        do {
            let url = try URLJoining.url(base: Self.base, path: path)
            Issue.record("\(path) became \(url)")
        } catch {
            #expect(error == .invalidPath(path))
        }
    }

    @Test("dots, semicolons and escapes that no server reads as a dot segment are sent", arguments: accepted)
    func sends(path: String, sent: String) throws {
        let text = try URLJoining.text(base: Self.base, path: path)
        #expect(text == "http://127.0.0.1" + sent)
    }

    @Test(
        "the router refuses such a path before the transport sees it", arguments: ["..%2F..%2Fadmin", "..;/..;/admin"])
    func routerRefusesBeforeSending(path: String) async throws {
        let transport = CredentialHeadersTests.RecordingTransport()
        let router = Router<MultiTarget>(transport: transport)
        do {
            _ = try await router.request(.target(PathEndpoint(path: path)))
            Issue.record("\(path) was sent")
        } catch {
            guard let reason = error.buildError else {
                Issue.record("\(path) failed with \(error)")
                return
            }
            #expect(reason == .invalidPath(path))
        }
        #expect(transport.requests.current.isEmpty)
    }
}

private struct PathEndpoint: EndPointType {
    let path: String
    var baseURL: URL { URL(string: "http://127.0.0.1/api/v1")! }
}
