import Foundation
import Testing

@_spi(Transport) @testable import NetworkLayer

@Suite("RetryAfter")
struct RetryAfterTests {
    /// 2024-02-29 12:00:00 UTC.
    static let now = Date(timeIntervalSince1970: 1_709_208_000)

    @Test(
        "header values are read as seconds or an IMF-fixdate",
        arguments: [
            ("0", 0),
            ("7", 7),
            ("  120 ", 120),
            ("Thu, 29 Feb 2024 12:00:30 GMT", 30),
            ("Thu, 29 Feb 2024 13:00:00 GMT", 3_600),
            ("Fri, 01 Mar 2024 00:00:00 GMT", 43_200),
            ("Thu, 29 Feb 2024 11:59:00 GMT", 0),
            ("Sun, 06 Nov 1994 08:49:37 GMT", 0),
        ] as [(String, TimeInterval)])
    func parses(value: String, expected: TimeInterval) {
        #expect(RetryAfter.delay(from: value, now: Self.now) == expected)
    }

    @Test(
        "anything else is not a Retry-After value",
        arguments: [
            "", "-1", "1.5", "soon", "0x10", "+5",
            "Thu, 29 Feb 2024 12:00:30 UTC",
            "Thursday, 29-Feb-24 12:00:30 GMT",
            "Thu Feb 29 12:00:30 2024",
            "Thu, 30 Feb 2024 12:00:30 GMT",
            "Thu, 29 Feb 2023 12:00:30 GMT",
            "Thu, 29 Feb 2024 24:00:00 GMT",
            "Thu, 9 Feb 2024 12:00:30 GMT",
            "Thu, 29 Foo 2024 12:00:30 GMT",
            "Xyz, 29 Feb 2024 12:00:30 GMT",
        ])
    func rejects(value: String) {
        #expect(RetryAfter.delay(from: value, now: Self.now) == nil)
    }

    @Test(
        "HTTP dates map to the right instant",
        arguments: [
            ("Thu, 01 Jan 1970 00:00:00 GMT", 0),
            ("Sun, 06 Nov 1994 08:49:37 GMT", 784_111_777),
            ("Tue, 01 Mar 2000 00:00:00 GMT", 951_868_800),
            ("Fri, 31 Dec 9999 23:59:59 GMT", 253_402_300_799),
        ] as [(String, TimeInterval)])
    func instants(value: String, seconds: TimeInterval) {
        #expect(RetryAfter.httpDate(value)?.timeIntervalSince1970 == seconds)
    }
}
