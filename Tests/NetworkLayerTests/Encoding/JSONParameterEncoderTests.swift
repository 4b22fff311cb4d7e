import Foundation
import Testing

@_spi(Transport) @testable import NetworkLayer

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("JSONParameterEncoder")
struct JSONParameterEncoderTests {
    private func object(_ data: Data) throws -> NSDictionary {
        try #require(JSONSerialization.jsonObject(with: data) as? NSDictionary)
    }

    @Test("writes a JSON object that parses back to the input")
    func parsesBack() throws {
        let parameters: Parameters = [
            "title": "Star Wars", "year": 1977, "rating": 8.5, "adult": false, "tags": ["space", "opera"],
            "studio": ["name": "Lucasfilm", "founded": 1971] as [String: any Sendable], "sequel": NSNull(),
        ]
        let parsed = try object(JSONParameterEncoder().data(for: parameters))
        let expected: NSDictionary = [
            "title": "Star Wars", "year": 1977, "rating": 8.5, "adult": false, "tags": ["space", "opera"],
            "studio": ["name": "Lucasfilm", "founded": 1971], "sequel": NSNull(),
        ]
        #expect(parsed == expected)
    }

    @Test("keys are sorted and the output is compact")
    func sortedCompact() throws {
        let data = try JSONParameterEncoder().data(for: [
            "b": 1, "a": ["d": true, "c": Int?.none] as [String: any Sendable], "ä": 1.0,
        ])
        #expect(String(decoding: data, as: UTF8.self) == #"{"a":{"c":null,"d":true},"b":1,"ä":1}"#)
    }

    @Test(
        "strings are escaped",
        arguments: [
            ("say \"hi\"", #""say \"hi\"""#),
            ("back\\slash", #""back\\slash""#),
            ("a/b", #""a/b""#),
            ("line\nbreak\rreturn\ttab", #""line\nbreak\rreturn\ttab""#),
            ("\u{0}\u{1}\u{1F}", #""\u0000\u0001\u001f""#),
            ("caf\u{E9} 日本 👍🏽", "\"caf\u{E9} 日本 👍🏽\""),
        ]
    )
    func escapesStrings(input: String, expected: String) throws {
        let data = try JSONParameterEncoder.data(forJSONValue: input)
        #expect(String(decoding: data, as: UTF8.self) == expected)
        let parsed = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) as? String
        #expect(parsed == input)
    }

    @Test(
        "values JSON cannot hold throw a typed error",
        arguments: [
            (["d": Date()] as Parameters, RequestBuildError.unsupportedParameter(key: "d", type: "Date")),
            (["o": ["d": Date()]] as Parameters, .unsupportedParameter(key: "o.d", type: "Date")),
            (["n": Double.nan] as Parameters, .nonFiniteNumber(key: "n")),
            (["n": [1.0, Double.infinity]] as Parameters, .nonFiniteNumber(key: "n[1]")),
            (["w": Widget()] as Parameters, .unsupportedParameter(key: "w", type: "Widget")),
        ]
    )
    func rejects(parameters: Parameters, error: RequestBuildError) {
        var request = URLRequest(url: URL(string: "https://x.org")!)
        #expect(throws: error) { try JSONParameterEncoder().encode(urlRequest: &request, with: parameters) }
        #expect(request.httpBody == nil)
    }

    @Test("sets Content-Type only when absent")
    func contentType() throws {
        var plain = URLRequest(url: URL(string: "https://x.org")!)
        try JSONParameterEncoder().encode(urlRequest: &plain, with: ["a": 1])
        #expect(plain.value(forHTTPHeaderField: "Content-Type") == "application/json")
        #expect(plain.httpBody == Data(#"{"a":1}"#.utf8))

        var custom = URLRequest(url: URL(string: "https://x.org")!)
        custom.setValue("application/vnd.api+json", forHTTPHeaderField: "Content-Type")
        try JSONParameterEncoder().encode(urlRequest: &custom, with: ["a": 1])
        #expect(custom.value(forHTTPHeaderField: "Content-Type") == "application/vnd.api+json")
    }

    @Test(
        "numbers keep their shortest form",
        arguments: [
            (Int.max as any Sendable, "9223372036854775807"), (-7, "-7"), (0.1 + 0.2, "0.30000000000000004"),
            (1.0, "1"), (NSNumber(value: true), "true"), (Decimal(string: "-0.5")!, "-0.5"),
        ] as [(any Sendable, String)])
    func numbers(value: any Sendable, expected: String) throws {
        let data = try JSONParameterEncoder.data(forJSONValue: value)
        #expect(String(decoding: data, as: UTF8.self) == expected)
    }
}

@Suite("JSONParameterEncoder decimals")
struct JSONDecimalTests {
    @Test(
        "NSDecimalNumber and Decimal are written exactly",
        arguments: ["0.30000000000000004", "-9223372036854775808", "123456789012345678901234567890", "12.5"]
    )
    func exact(text: String) throws {
        let fromNumber = try JSONParameterEncoder.data(forJSONValue: NSDecimalNumber(string: text))
        let fromDecimal = try JSONParameterEncoder.data(forJSONValue: try #require(Decimal(string: text)))
        #expect(String(decoding: fromNumber, as: UTF8.self) == text)
        #expect(fromDecimal == fromNumber)
        #expect(try URLParameterEncoder().queryString(for: ["d": NSDecimalNumber(string: text)]) == "d=" + text)
    }

    @Test("NaN decimals throw")
    func nan() {
        #expect(throws: RequestBuildError.nonFiniteNumber(key: "")) {
            try JSONParameterEncoder.data(forJSONValue: NSDecimalNumber.notANumber)
        }
    }
}
