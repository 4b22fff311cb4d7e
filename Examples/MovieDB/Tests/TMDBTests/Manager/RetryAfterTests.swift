import Foundation
import Testing

@testable import TMDB

@Suite("Retry-After")
struct RetryAfterTests {
    @Test("Delay seconds", arguments: [("0", 0.0), ("2", 2.0), (" 10 ", 10.0), ("120", 120.0)])
    func seconds(text: String, expected: TimeInterval) {
        #expect(RetryAfter.seconds(from: text) == expected)
    }

    @Test("HTTP dates count from now; past dates give 0")
    func httpDate() {
        let now = Date(timeIntervalSince1970: 784_111_777)  // Sun, 06 Nov 1994 08:49:37 GMT
        #expect(RetryAfter.seconds(from: "Sun, 06 Nov 1994 08:49:42 GMT", now: now) == 5)
        #expect(RetryAfter.seconds(from: "Sun, 06 Nov 1994 08:49:30 GMT", now: now) == 0)
    }

    @Test("Anything else is nil", arguments: ["", "soon", "-1", "1.5", "Sunday"])
    func invalid(_ text: String) {
        #expect(RetryAfter.seconds(from: text) == nil)
    }
}
