import Foundation
@_spi(Transport) import NetworkLayer
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// EncodingParameters.md, Escaping: how one query key or value is escaped, byte for byte.
@Suite("Query escaping (EncodingParameters.md, Escaping)")
struct QueryEscapingTests {
    static let values: [(input: String, expected: String)] = [
        ("a b", "q=a%20b"),
        ("a+b", "q=a%2Bb"),
        ("a&b", "q=a%26b"),
        ("a=b", "q=a%3Db"),
        ("a#b", "q=a%23b"),
        ("100%", "q=100%25"),
        ("a/b", "q=a/b"),
        ("a?b", "q=a?b"),
        ("a:b", "q=a%3Ab"),
        ("a@b", "q=a%40b"),
        ("a;b", "q=a%3Bb"),
        ("a,b", "q=a%2Cb"),
        ("a[b]", "q=a%5Bb%5D"),
        ("!$&'()*+,;=", "q=%21%24%26%27%28%29%2A%2B%2C%3B%3D"),
        ("\"<>", "q=%22%3C%3E"),
        ("|^`{}\\", "q=%7C%5E%60%7B%7D%5C"),
        ("\n", "q=%0A"),
        ("\t", "q=%09"),
        ("caf\u{E9} \u{2013} \u{FC}", "q=caf%C3%A9%20%E2%80%93%20%C3%BC"),
        ("日本", "q=%E6%97%A5%E6%9C%AC"),
        ("👍🏽", "q=%F0%9F%91%8D%F0%9F%8F%BD"),
        ("", "q="),
        ("~user", "q=~user"),
        ("-._~AZaz09", "q=-._~AZaz09"),
    ]

    @Test("a value is escaped like Alamofire", arguments: values)
    func escapesValue(input: String, expected: String) throws {
        #expect(try URLParameterEncoder().queryString(for: ["q": input]) == expected)
    }

    @Test("a key is escaped exactly like a value")
    func escapesKey() throws {
        #expect(try URLParameterEncoder().queryString(for: ["a b[]": "x"]) == "a%20b%5B%5D=x")
    }

    @Test("every byte outside the allowed set becomes upper-case %XX")
    func escapesEveryOtherASCIIByte() throws {
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~/?".utf8)
        for byte in UInt8(1)...UInt8(127) {
            let text = String(decoding: [byte], as: UTF8.self)
            let expected = allowed.contains(byte) ? text : String(format: "%%%02X", byte)
            #expect(try URLParameterEncoder().queryString(for: ["q": text]) == "q=" + expected, "byte \(byte)")
        }
    }

    @Test("the reference TMDB request")
    func referenceCase() throws {
        var request = URLRequest(url: URL(string: "https://api.example.com/3/movie/popular")!)
        let parameters: Parameters = [
            "api_key": "abc123", "page": 2, "language": "en-US",
            "query": "Star Wars: Episode IV \u{2013} A New Hope & more",
        ]
        try URLParameterEncoder().encode(urlRequest: &request, with: parameters)
        #expect(
            request.url?.absoluteString
                == "https://api.example.com/3/movie/popular?api_key=abc123&language=en-US&page=2"
                + "&query=Star%20Wars%3A%20Episode%20IV%20%E2%80%93%20A%20New%20Hope%20%26%20more"
        )
    }

    @Test("no double encoding: @ is %40, never %2540")
    func encodesOnce() throws {
        var request = URLRequest(url: URL(string: "https://api.example.com/users")!)
        try URLParameterEncoder().encode(urlRequest: &request, with: ["email": "me@example.com"])
        let url = try #require(request.url?.absoluteString)
        #expect(url == "https://api.example.com/users?email=me%40example.com")
        #expect(!url.contains("%25"))
    }
}
