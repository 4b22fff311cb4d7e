import Foundation
@_spi(Transport) import NetworkLayer
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One row of the rules in EncodingParameters.md (Order, nesting…; Value types…): parameters, encoder options and the expected query string.
struct QueryCase: Sendable, CustomTestStringConvertible {
    let name: String
    let parameters: Parameters
    var encoder = URLParameterEncoder()
    let expected: String

    var testDescription: String { name }
}

@Suite("URLParameterEncoder: structure, types and order (EncodingParameters.md)")
struct URLParameterEncoderTests {
    static let reference = Date(timeIntervalSinceReferenceDate: 0)

    static let cases: [QueryCase] = [
        QueryCase(
            name: "top-level keys sorted by String <",
            parameters: ["b": 1, "a": 2, "B": 3, "_": 4, "aa": 5, "ä": 6, "10": 7, "9": 8, "Z": 9],
            expected: "10=7&9=8&B=3&Z=9&_=4&a=2&aa=5&b=1&%C3%A4=6"
        ),
        QueryCase(
            name: "array, brackets by default", parameters: ["ids": [1, 2]], expected: "ids%5B%5D=1&ids%5B%5D=2"),
        QueryCase(
            name: "array, no brackets", parameters: ["ids": [1, 2]],
            encoder: URLParameterEncoder(arrayEncoding: .noBrackets), expected: "ids=1&ids=2"
        ),
        QueryCase(
            name: "array, indexed", parameters: ["ids": [1, 2]],
            encoder: URLParameterEncoder(arrayEncoding: .indexed), expected: "ids%5B0%5D=1&ids%5B1%5D=2"
        ),
        QueryCase(
            name: "nested dictionary",
            parameters: ["filter": ["year": 1977, "genre": "action"] as [String: any Sendable]],
            expected: "filter%5Bgenre%5D=action&filter%5Byear%5D=1977"
        ),
        QueryCase(
            name: "nested keys sorted, unicode last",
            parameters: ["f": ["z": 1, "ä": 2, "B": 3, "a": 4]],
            expected: "f%5BB%5D=3&f%5Ba%5D=4&f%5Bz%5D=1&f%5B%C3%A4%5D=2"
        ),
        QueryCase(
            name: "array of dictionaries", parameters: ["items": [["id": 1], ["id": 2]]],
            expected: "items%5B%5D%5Bid%5D=1&items%5B%5D%5Bid%5D=2"
        ),
        QueryCase(name: "booleans numeric", parameters: ["a": true, "b": false], expected: "a=1&b=0"),
        QueryCase(
            name: "booleans literal", parameters: ["a": true, "b": false],
            encoder: URLParameterEncoder(boolEncoding: .literal), expected: "a=true&b=false"
        ),
        QueryCase(name: "NSNumber(value: true)", parameters: ["k": NSNumber(value: true)], expected: "k=1"),
        QueryCase(name: "NSNumber(value: false)", parameters: ["k": NSNumber(value: false)], expected: "k=0"),
        QueryCase(name: "NSNumber integer", parameters: ["k": NSNumber(value: 42)], expected: "k=42"),
        QueryCase(name: "NSNumber double", parameters: ["k": NSNumber(value: 8.5)], expected: "k=8.5"),
        QueryCase(name: "Int.max", parameters: ["k": Int.max], expected: "k=9223372036854775807"),
        QueryCase(name: "UInt64.max", parameters: ["k": UInt64.max], expected: "k=18446744073709551615"),
        QueryCase(name: "negative", parameters: ["k": -7], expected: "k=-7"),
        QueryCase(name: "Int8", parameters: ["k": Int8(-8)], expected: "k=-8"),
        QueryCase(name: "8.5", parameters: ["k": 8.5], expected: "k=8.5"),
        QueryCase(name: "0.1", parameters: ["k": 0.1], expected: "k=0.1"),
        QueryCase(name: "0.1 + 0.2", parameters: ["k": 0.1 + 0.2], expected: "k=0.30000000000000004"),
        QueryCase(name: "1.0 is 1", parameters: ["k": 1.0], expected: "k=1"),
        QueryCase(name: "Float 8.5", parameters: ["k": Float(8.5)], expected: "k=8.5"),
        QueryCase(name: "Decimal", parameters: ["k": Decimal(string: "12.50")!], expected: "k=12.5"),
        QueryCase(name: "Optional none dropped", parameters: ["k": String?.none, "a": 1], expected: "a=1"),
        QueryCase(name: "Optional some unwrapped", parameters: ["k": String?.some("x")], expected: "k=x"),
        QueryCase(name: "NSNull dropped", parameters: ["k": NSNull(), "a": 1], expected: "a=1"),
        QueryCase(name: "Date ISO 8601", parameters: ["d": reference], expected: "d=2001-01-01T00%3A00%3A00Z"),
        QueryCase(
            name: "Date with milliseconds", parameters: ["d": reference.addingTimeInterval(0.25)],
            encoder: URLParameterEncoder(dateEncoding: .iso8601WithFractionalSeconds),
            expected: "d=2001-01-01T00%3A00%3A00.250Z"
        ),
        QueryCase(
            name: "Date seconds since 1970", parameters: ["d": reference],
            encoder: URLParameterEncoder(dateEncoding: .secondsSince1970), expected: "d=978307200"
        ),
        QueryCase(
            name: "Date milliseconds since 1970", parameters: ["d": reference],
            encoder: URLParameterEncoder(dateEncoding: .millisecondsSince1970), expected: "d=978307200000"
        ),
        QueryCase(
            name: "Date custom", parameters: ["d": reference],
            encoder: URLParameterEncoder(dateEncoding: .custom { _ in "day one" }), expected: "d=day%20one"
        ),
        QueryCase(
            name: "URL, UUID and enums",
            parameters: [
                "u": URL(string: "https://x.org/a?b")!, "id": UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!,
                "s": Sort.popular, "p": Priority.high,
            ],
            expected: "id=E621E1F8-C36C-495A-93FC-0C247A3E6E5F&p=2&s=popularity.desc&u=https%3A//x.org/a?b"
        ),
        QueryCase(name: "empty array", parameters: ["ids": [Int]()], expected: ""),
        QueryCase(name: "empty dictionary", parameters: ["f": [String: Int]()], expected: ""),
        QueryCase(name: "no parameters", parameters: [:], expected: ""),
    ]

    @Test("queryString(for:)", arguments: cases)
    func queryString(_ row: QueryCase) throws {
        #expect(try row.encoder.queryString(for: row.parameters) == row.expected)
    }

    @Test(
        "encode(urlRequest:) keeps the URL's query and fragment and never leaves a bare ?",
        arguments: [
            ("https://x.org/a", ["ids": [Int]()] as Parameters, "https://x.org/a"),
            ("https://x.org/a", ["f": [String: Int]()] as Parameters, "https://x.org/a"),
            ("https://x.org/a", [:] as Parameters, "https://x.org/a"),
            ("https://x.org/a?z=1", ["a": 1] as Parameters, "https://x.org/a?z=1&a=1"),
            ("https://x.org/a?", ["a": 1] as Parameters, "https://x.org/a?a=1"),
            ("https://x.org/a#frag", ["a": 1] as Parameters, "https://x.org/a?a=1#frag"),
            ("https://x.org/a?z=1#frag", ["a": 1] as Parameters, "https://x.org/a?z=1&a=1#frag"),
        ]
    )
    func encodesIntoURL(url: String, parameters: Parameters, expected: String) throws {
        var request = URLRequest(url: URL(string: url)!)
        try URLParameterEncoder().encode(urlRequest: &request, with: parameters)
        #expect(request.url?.absoluteString == expected)
        #expect(request.httpBody == nil)
    }

    @Test("the same parameters give the same bytes every time")
    func deterministic() throws {
        let parameters: Parameters = ["f": ["c": 3, "a": 1, "b": 2], "z": [["y": 1, "x": 2]], "a": "1"]
        let first = try URLParameterEncoder().queryString(for: parameters)
        for _ in 0..<20 {
            #expect(try URLParameterEncoder().queryString(for: parameters) == first)
        }
        #expect(first == "a=1&f%5Ba%5D=1&f%5Bb%5D=2&f%5Bc%5D=3&z%5B%5D%5Bx%5D=2&z%5B%5D%5By%5D=1")
    }

    @Test(
        "values that cannot be encoded throw a typed error",
        arguments: [
            (["w": Widget()] as Parameters, RequestBuildError.unsupportedParameter(key: "w", type: "Widget")),
            (["f": ["w": Widget()]] as Parameters, .unsupportedParameter(key: "f[w]", type: "Widget")),
            (["n": Double.nan] as Parameters, .nonFiniteNumber(key: "n")),
            (["n": -Double.infinity] as Parameters, .nonFiniteNumber(key: "n")),
            (["n": Float.nan] as Parameters, .nonFiniteNumber(key: "n")),
            (["n": Decimal.nan] as Parameters, .nonFiniteNumber(key: "n")),
        ]
    )
    func rejectsUnsupported(parameters: Parameters, error: RequestBuildError) {
        #expect(throws: error) { try URLParameterEncoder().queryString(for: parameters) }
    }
}

struct Widget: Sendable {}

enum Sort: String, Sendable {
    case popular = "popularity.desc"
}

enum Priority: Int, Sendable {
    case high = 2
}
