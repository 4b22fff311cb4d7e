import Testing

@_spi(Transport) @testable import NetworkLayer

@Suite("HTTPMethod")
struct HTTPMethodTests {
    @Test(
        "raw values and idempotency",
        arguments: [
            (HTTPMethod.get, "GET", true), (.post, "POST", false), (.put, "PUT", true), (.patch, "PATCH", false),
            (.delete, "DELETE", true), (.head, "HEAD", true), (.options, "OPTIONS", true), ("TRACE", "TRACE", true),
            ("CONNECT", "CONNECT", false), ("QUERY", "QUERY", false),
        ]
    )
    func method(method: HTTPMethod, raw: String, idempotent: Bool) {
        #expect(method.rawValue == raw)
        #expect(method.description == raw)
        #expect(method.isIdempotent == idempotent)
        #expect(HTTPMethod(rawValue: raw) == method)
    }
}
