import Foundation
import Testing

@_spi(Transport) @testable import NetworkLayer

@Suite("Encodable query parameters without JSON text")
struct ParameterTreeParityTests {
    @Test("spells every sample as the JSON route spells it", arguments: QuerySample.all)
    func parity(sample: QuerySample) throws {
        let direct = JSONParameterEncoder.makeDefaultEncoder()
        let throughJSON = Self.throughJSON()
        #expect(JSONEncodingOptions(direct, needsSortedKeys: false) != nil)
        #expect(JSONEncodingOptions(throughJSON, needsSortedKeys: false) == nil)
        let urlEncoder = URLParameterEncoder()
        let query = try urlEncoder.queryString(for: EncodableParameters.parameters(for: sample.value, using: direct))
        let old = try urlEncoder.queryString(for: EncodableParameters.parameters(for: sample.value, using: throughJSON))
        #expect(query == old)
    }

    @Test("-0 keeps its sign, as URLParameterEncoder writes it (JSONSerialization read it back as 0)")
    func negativeZero() throws {
        let parameters = try EncodableParameters.parameters(
            for: ["a": -0.0], using: JSONParameterEncoder.makeDefaultEncoder())
        let query = try URLParameterEncoder().queryString(for: parameters)
        #expect(query == "a=-0")
        #expect(query == (try URLParameterEncoder().queryString(for: ["a": -0.0])))
    }

    @Test("a repeated key keeps its last value, as in Foundation")
    func repeatedKey() throws {
        let parameters = try EncodableParameters.parameters(
            for: RepeatedKey(), using: JSONParameterEncoder.makeDefaultEncoder())
        #expect(parameters["a"] as? Int == 2)
    }

    /// A `JSONEncoder` the library does not stand in for (a closure strategy spelling dates as
    /// `.iso8601` does), so parameters go through JSON text and `JSONSerialization`, the route
    /// every query took before the parameter tree.
    private static func throughJSON() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(date.formatted(.iso8601))
        }
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }
}

/// Query values, one shape each.
struct QuerySample: Sendable, CustomTestStringConvertible {
    let testDescription: String
    let value: any Encodable & Sendable

    static let all: [QuerySample] = [
        .init(testDescription: "struct with optionals", value: Movie()),
        .init(testDescription: "every integer width", value: Widths()),
        .init(testDescription: "doubles", value: ["a": [0.1 + 0.2, 1.0, 1e300, -2.5e-10, 1.1345414922574286e-36]]),
        .init(testDescription: "floats", value: ["f": [Float(0.1), 1e20, .leastNonzeroMagnitude]]),
        .init(testDescription: "nested containers", value: Nested()),
        .init(testDescription: "nil members", value: Nulls()),
        .init(testDescription: "Foundation types", value: FoundationTypes()),
        .init(testDescription: "escapes in keys and values", value: ["a b[]": "x&y=z", "ü": "日本"]),
    ]
}

struct FoundationTypes: Encodable, Sendable {
    var date = Date(timeIntervalSince1970: 1_700_000_000.5)
    var data = Data([0, 1, 254, 255])
    var url = URL(string: "https://a.example/b?c=d")
    var decimal = Decimal(string: "12.340")
    var uuid = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")
}
