import Foundation
import Testing

@_spi(Transport) @testable import NetworkLayer

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Parameter values that used to trap or overflow the stack fail with a typed error instead.
@Suite("Hostile parameter values")
struct HostileParameterTests {
    /// One way a parameter reaches the wire: a query string, a form body or a JSON body.
    enum Writer: String, CaseIterable, CustomTestStringConvertible {
        case query, form, json

        var testDescription: String { rawValue }

        func encode(_ parameters: Parameters, dates: DateEncoding = .iso8601) throws(RequestBuildError) {
            var request = URLRequest(url: URL(string: "https://api.example.com/")!)
            switch self {
            case .query: try URLParameterEncoder(dateEncoding: dates).encode(urlRequest: &request, with: parameters)
            case .form:
                try URLParameterEncoder(destination: .httpBody, dateEncoding: dates)
                    .encode(urlRequest: &request, with: parameters)
            case .json: try JSONParameterEncoder().encode(urlRequest: &request, with: parameters)
            }
        }
    }

    @Test(
        "a date with no ISO 8601 or millisecond form is a typed error",
        arguments: [Double.nan, .infinity, -.infinity, 9.3e15, -9.3e15, 1e300],
        [DateEncoding.iso8601, .iso8601WithFractionalSeconds, .millisecondsSince1970])
    func dateOutOfRange(seconds: Double, encoding: DateEncoding) {
        for writer in [Writer.query, .form] {
            #expect(throws: RequestBuildError.dateOutOfRange(key: "d"), "\(writer)") {
                try writer.encode(["d": Date(timeIntervalSince1970: seconds)], dates: encoding)
            }
        }
    }

    @Test("the first and last dates of the years 0000–9999 are still written")
    func farDates() throws {
        let first = try URLParameterEncoder().queryString(for: ["d": Date(timeIntervalSince1970: -62_167_219_200)])
        #expect(first == "d=0000-01-01T00%3A00%3A00Z")
        let last = try URLParameterEncoder().queryString(for: ["d": Date(timeIntervalSince1970: 253_402_300_799.999)])
        #expect(last == "d=9999-12-31T23%3A59%3A59Z")
    }

    /// `levels` arrays or dictionaries, one inside the other, around a string.
    static func nested(_ levels: Int, dictionaries: Bool) -> any Sendable {
        var value: any Sendable = "leaf"
        for _ in 0..<levels {
            value = dictionaries ? ["k": value] as [String: any Sendable] : [value] as [any Sendable]
        }
        return value
    }

    @Test(
        "nesting is allowed to the documented depth and a typed error beyond it, never a stack overflow",
        arguments: Writer.allCases, [false, true])
    func nesting(writer: Writer, dictionaries: Bool) throws {
        let limit = ParameterValue.maximumDepth
        try writer.encode(["p": Self.nested(limit, dictionaries: dictionaries)])
        for levels in [limit + 1, 10_000] {
            let error = #expect(throws: RequestBuildError.self) {
                try writer.encode(["p": Self.nested(levels, dictionaries: dictionaries)])
            }
            guard case .nestingTooDeep(let key, limit) = error else {
                Issue.record("expected nestingTooDeep, got \(String(describing: error))")
                continue
            }
            #expect(key.hasPrefix("p"))
        }
    }
}
