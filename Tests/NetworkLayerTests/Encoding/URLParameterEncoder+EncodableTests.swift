import Foundation
import Testing

@_spi(Transport) @testable import NetworkLayer

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("URLParameterEncoder with Encodable values")
struct URLParameterEncoderEncodableTests {
    struct Search: Encodable, Sendable {
        var query = "a+b & c@d"
        var page = 2
        var includeAdult = false
        var ratio = 0.5
        var genres = [28, 12]
        var region: String?
        var since = Date(timeIntervalSinceReferenceDate: 0)
        var filter = ["lang": "en"]
    }

    @Test("spells properties exactly like URLParameterEncoder")
    func spellsLikeURLEncoder() throws {
        var request = URLRequest(url: URL(string: "https://x.org/search?v=1#top")!)
        try URLParameterEncoder().encode(urlRequest: &request, with: Search())
        #expect(
            request.url?.absoluteString
                == "https://x.org/search?v=1&filter%5Blang%5D=en&genres%5B%5D=28&genres%5B%5D=12&includeAdult=0"
                + "&page=2&query=a%2Bb%20%26%20c%40d&ratio=0.5&since=2001-01-01T00%3A00%3A00Z#top"
        )
    }

    @Test("follows the URL encoder's options")
    func options() throws {
        let encoder = URLParameterEncoder(arrayEncoding: .noBrackets, boolEncoding: .literal)
        var request = URLRequest(url: URL(string: "https://x.org")!)
        try encoder.encode(urlRequest: &request, with: Search(genres: [1, 2], region: "US"))
        let query = request.url?.query ?? ""
        #expect(query.contains("genres=1&genres=2"))
        #expect(query.contains("includeAdult=false"))
        #expect(query.contains("region=US"))
    }

    @Test("with the httpBody destination, the properties become the form body, spelled as the query")
    func formBody() throws {
        var query = URLRequest(url: URL(string: "https://x.org/search")!)
        try URLParameterEncoder().encode(urlRequest: &query, with: Search())
        var form = URLRequest(url: URL(string: "https://x.org/search")!)
        try URLParameterEncoder(destination: .httpBody).encode(urlRequest: &form, with: Search())
        #expect(form.url?.absoluteString == "https://x.org/search")
        #expect(form.httpBody.map { String(decoding: $0, as: UTF8.self) } == query.url?.query)
        #expect(form.value(forHTTPHeaderField: "Content-Type") == "application/x-www-form-urlencoded; charset=utf-8")
    }

    @Test("dates follow the JSONEncoder given, not dateEncoding")
    func datesFollowJSONEncoder() throws {
        let jsonEncoder = JSONParameterEncoder.makeDefaultEncoder()
        jsonEncoder.dateEncodingStrategy = .secondsSince1970
        var request = URLRequest(url: URL(string: "https://x.org")!)
        try URLParameterEncoder(dateEncoding: .millisecondsSince1970)
            .encode(urlRequest: &request, with: Search(), using: jsonEncoder)
        #expect(request.url?.query?.hasSuffix("&since=978307200") == true)
    }

    @Test("a value that is not a keyed container throws encodingFailed")
    func rejectsNonKeyed() {
        var request = URLRequest(url: URL(string: "https://x.org")!)
        #expect(throws: RequestBuildError.self) {
            try URLParameterEncoder().encode(urlRequest: &request, with: [1, 2])
        }
        #expect(throws: RequestBuildError.self) {
            try URLParameterEncoder().encode(urlRequest: &request, with: "text")
        }
        #expect(request.url?.absoluteString == "https://x.org")
    }
}

@Suite("URLParameterEncoder with Encodable numbers")
struct EncodableQueryNumberTests {
    struct Number: Encodable, Sendable {
        let value: Double
    }

    struct Integer: Encodable, Sendable {
        let value: Int
    }

    @Test(
        "doubles keep their shortest form, even when Foundation parses them as NSDecimalNumber",
        arguments: [0.1 + 0.2, 1.1345414922574286e-36, 8.5, 1.0, 1e300, -2.5e-10]
    )
    func doubles(value: Double) throws {
        let query = try URLParameterEncoder().queryString(
            for: EncodableParameters.parameters(
                for: Number(value: value), using: JSONParameterEncoder.makeDefaultEncoder()))
        let expected = try URLParameterEncoder().queryString(for: ["value": value])
        #expect(query == expected)
    }

    @Test("integers stay exact", arguments: [Int.min, Int.max, 0, -7])
    func integers(value: Int) throws {
        let query = try URLParameterEncoder().queryString(
            for: EncodableParameters.parameters(
                for: Integer(value: value), using: JSONParameterEncoder.makeDefaultEncoder()))
        #expect(query == "value=\(value)")
    }
}
