import Foundation
import Testing

@_spi(Transport) @testable import NetworkLayer

/// A stored response with `headers`, received at `TestClock.start` after a request sent `delay` seconds before.
func storedResponse(
    _ headers: [String: String], status: Int = 200, delay: TimeInterval = 0, shared: Bool = false
) -> StoredResponse {
    let url = URL(string: "https://api.example.com/r")!
    let head = ResponseHead(statusCode: status, headers: HTTPHeaders(headers), url: url)!
    return StoredResponse(
        head, url: url, requestTime: TestClock.start.addingTimeInterval(-delay), responseTime: TestClock.start,
        varyNames: [], isCredentialBound: false, shared: shared)
}

@Suite("StoredResponse: freshness, age, update")
struct StoredResponseTests {
    static let now = TestClock.httpDate(TestClock.start)
    static let hourAgo = TestClock.httpDate(TestClock.start.addingTimeInterval(-3600))
    static let inAMinute = TestClock.httpDate(TestClock.start.addingTimeInterval(60))
    static let twentyDaysAgo = TestClock.httpDate(TestClock.start.addingTimeInterval(-1_728_000))

    @Test(
        "freshness lifetime (RFC 9111 §4.2.1, §4.2.2)",
        arguments: [
            (["Cache-Control": "max-age=60"], 200, false, 60.0),
            (["Cache-Control": "max-age=60, s-maxage=5"], 200, false, 60),
            (["Cache-Control": "max-age=60, s-maxage=5"], 200, true, 5),
            (["Cache-Control": "max-age=oops"], 200, false, 0),
            (["Cache-Control": "max-age=60", "Expires": inAMinute], 200, false, 60),
            (["Expires": inAMinute, "Date": now], 200, false, 60),
            (["Expires": inAMinute], 200, false, 60),
            (["Expires": "0", "Date": now], 200, false, 0),
            (["Expires": hourAgo, "Date": now], 200, false, -3600),
            (["Last-Modified": twentyDaysAgo, "Date": now], 200, false, 86_400),
            (["Last-Modified": hourAgo, "Date": now], 200, false, 360),
            (["Last-Modified": hourAgo, "Date": now], 302, false, 0),
            (["Last-Modified": hourAgo, "Date": now, "Cache-Control": "public"], 302, false, 360),
            (["Last-Modified": inAMinute, "Date": now], 200, false, 0),
            ([:], 200, false, 0),
        ] as [([String: String], Int, Bool, TimeInterval)])
    func lifetime(headers: [String: String], status: Int, shared: Bool, expected: TimeInterval) {
        #expect(storedResponse(headers, status: status).freshnessLifetime(shared: shared) == expected)
    }

    @Test(
        "current age (RFC 9111 §4.2.3): Age, Date and the request's delay, plus the time since",
        arguments: [
            ([:], 0.0, 0.0, 0.0),
            ([:], 0, 30, 30),
            (["Age": "100"], 0, 0, 100),
            (["Age": "100"], 5, 10, 115),
            (["Age": "oops"], 0, 0, 0),
            (["Age": "-5"], 0, 0, 0),
            (["Age": "7, 3600"], 0, 0, 7),
            (["Age": "1.5"], 0, 0, 0),
            (["Date": hourAgo], 0, 0, 3600),
            (["Date": hourAgo, "Age": "10"], 0, 0, 3600),
            (["Date": inAMinute], 0, 0, 0),
        ] as [([String: String], TimeInterval, TimeInterval, TimeInterval)])
    func age(headers: [String: String], delay: TimeInterval, resident: TimeInterval, expected: TimeInterval) {
        let stored = storedResponse(headers, delay: delay)
        #expect(stored.currentAge(now: TestClock.start.addingTimeInterval(resident)) == expected)
    }

    @Test("a 304 replaces the stored fields but Content-Length, and keeps no hop-by-hop field")
    func update() throws {
        let stored = storedResponse([
            "ETag": "\"1\"", "Content-Length": "4", "X-Old": "kept", "X-Changed": "old", "Connection": "X-Hop",
            "X-Hop": "h", "Keep-Alive": "timeout=5",
        ])
        #expect(stored.headers["Connection"] == nil)
        #expect(stored.headers["X-Hop"] == nil)
        #expect(stored.headers["Keep-Alive"] == nil)
        let url = URL(string: "https://api.example.com/r")!
        let notModified = try #require(
            ResponseHead(
                statusCode: 304,
                headers: ["X-Changed": "new", "Content-Length": "0", "Transfer-Encoding": "chunked"], url: url))
        let later = TestClock.start.addingTimeInterval(100)
        let updated = stored.updated(with: notModified, requestTime: later, responseTime: later, shared: false)
        #expect(updated.headers["X-Changed"] == "new")
        #expect(updated.headers["X-Old"] == "kept")
        #expect(updated.headers["Content-Length"] == "4")
        #expect(updated.headers["Transfer-Encoding"] == nil)
        #expect(updated.responseTime == later)
        #expect(StoredResponse(decoding: updated.encoded()) == updated)
        #expect(StoredResponse(decoding: Data("garbage".utf8)) == nil)
    }

    @Test("a shared cache drops the fields a qualified private names")
    func qualifiedPrivate() {
        let headers = ["Cache-Control": "private=\"Set-Cookie\", max-age=60", "Set-Cookie": "a=b"]
        #expect(storedResponse(headers, shared: true).headers["Set-Cookie"] == nil)
        #expect(storedResponse(headers, shared: false).headers["Set-Cookie"] == "a=b")
    }
}
