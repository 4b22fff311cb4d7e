import Foundation
import Testing

@testable import NetworkLayer

@Suite("HTTPDate")
struct HTTPDateTests {
    @Test(
        "reads the three forms of RFC 9110, nothing else",
        arguments: [
            ("Sun, 06 Nov 1994 08:49:37 GMT", 784_111_777.0),
            (" Sun, 06 Nov 1994 08:49:37 GMT ", 784_111_777.0),
            ("Sunday, 06-Nov-94 08:49:37 GMT", 784_111_777.0),
            ("Sun Nov  6 08:49:37 1994", 784_111_777.0),
            ("Sun, 06 Nov 1994 08:49:37 UTC", nil),
            ("0", nil), ("-1", nil), ("", nil), ("yesterday", nil),
        ] as [(String, Double?)])
    func parse(text: String, seconds: Double?) {
        #expect(HTTPDate.parse(text)?.timeIntervalSince1970 == seconds)
    }
}
