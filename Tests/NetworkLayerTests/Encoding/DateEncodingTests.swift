import Foundation
@_spi(Transport) import NetworkLayer
import Testing

@Suite("DateEncoding")
struct DateEncodingTests {
    @Test(
        "ISO 8601 in UTC, computed without a formatter",
        arguments: [
            (0.0, "1970-01-01T00:00:00Z", "1970-01-01T00:00:00.000Z"),
            (978_307_200, "2001-01-01T00:00:00Z", "2001-01-01T00:00:00.000Z"),
            (951_782_400.5, "2000-02-29T00:00:00Z", "2000-02-29T00:00:00.500Z"),
            (-1.5, "1969-12-31T23:59:58Z", "1969-12-31T23:59:58.500Z"),
            (4_102_444_799, "2099-12-31T23:59:59Z", "2099-12-31T23:59:59.000Z"),
        ]
    )
    func iso8601(seconds: Double, whole: String, fractional: String) throws {
        let date = Date(timeIntervalSince1970: seconds)
        #expect(try URLParameterEncoder().queryString(for: ["d": date]) == "d=" + escaped(whole))
        let withMilliseconds = URLParameterEncoder(dateEncoding: .iso8601WithFractionalSeconds)
        #expect(try withMilliseconds.queryString(for: ["d": date]) == "d=" + escaped(fractional))
    }

    @Test("agrees with ISO8601DateFormatter on random dates", arguments: 0..<50)
    func agreesWithFormatter(seed: Int) throws {
        var generator = SplitMix64(seed: UInt64(seed))
        let date = Date(
            timeIntervalSince1970: Double(Int.random(in: -2_000_000_000...4_000_000_000, using: &generator)))
        let formatter = ISO8601DateFormatter()
        #expect(try URLParameterEncoder().queryString(for: ["d": date]) == "d=" + escaped(formatter.string(from: date)))
    }

    private func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: ":", with: "%3A")
    }
}
