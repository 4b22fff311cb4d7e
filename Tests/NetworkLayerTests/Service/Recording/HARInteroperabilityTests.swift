import Foundation
import Testing

@_spi(Transport) @testable import NetworkLayer

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A HAR file mitmproxy wrote (Fixtures/mitmproxy-httpbin.har, made by scripts/record_mitmproxy_har.sh from curl
/// requests through `mitmdump` in front of a local httpbin), replayed through a router: no network.
@Suite("HAR files of other tools")
struct HARInteroperabilityTests {
    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/mitmproxy-httpbin.har")

    /// One recorded exchange: what the router asks, the status it gets and what the body holds.
    struct Exchange: Sendable, CustomTestStringConvertible {
        let name: String
        let path: String
        var method: HTTPMethod = .get
        var task: HTTPTask = .request
        let status: Int
        /// A top-level member of the JSON body and its value as JSON, or `nil` for a body that is not JSON.
        var member: (name: String, json: String)?
        var headers: [String: String] = [:]
        /// The length of the body.
        let bytes: Int
        var testDescription: String { name }
    }

    static let exchanges: [Exchange] = [
        Exchange(
            name: "GET with a query", path: "get",
            task: .requestParameters(
                bodyParameters: nil, bodyEncoding: .urlEncoding, urlParameters: ["tag": "sci-fi", "page": 2]),
            status: 200, member: ("args", #"{"page": "2", "tag": "sci-fi"}"#), bytes: 243),
        Exchange(
            name: "POST of JSON", path: "post", method: .post,
            task: .requestParameters(
                bodyParameters: ["title": "Dune", "year": 1965], bodyEncoding: .jsonEncoding, urlParameters: nil),
            status: 200, member: ("json", #"{"title": "Dune", "year": 1965}"#), bytes: 386),
        Exchange(
            name: "a redirect, as its own hop", path: "redirect/1", status: 302, headers: ["Location": "/get"],
            bytes: 195),
        Exchange(name: "the hop after it", path: "get", status: 200, member: ("args", "{}"), bytes: 185),
        Exchange(
            name: "gzip, decoded in the file", path: "gzip", status: 200, member: ("gzipped", "true"),
            headers: ["Content-Encoding": "gzip"], bytes: 220),
        Exchange(
            name: "bytes, in base64",
            path: "bytes/16",
            task: .requestParameters(bodyParameters: nil, bodyEncoding: .urlEncoding, urlParameters: ["seed": 7]),
            status: 200, headers: ["Content-Type": "application/octet-stream"], bytes: 16),
        Exchange(name: "not found", path: "status/404", status: 404, bytes: 0),
    ]

    /// The origin the requests of the file went to (the script's httpbin).
    static func origin() throws -> URL {
        let log = try HARArchive.read(Data(contentsOf: fixture)).log
        var components = try #require(log.entries.first.flatMap { URLComponents(string: $0.request.url) })
        (components.path, components.query) = ("", nil)
        return try #require(components.url)
    }

    @Test("mitmproxy's file reads: its creator, every exchange")
    func reads() throws {
        let log = try HARArchive.read(Data(contentsOf: Self.fixture)).log
        #expect(log.creator.name == "mitmproxy")
        #expect(log.entries.map(\.response.status) == Self.exchanges.map(\.status))
    }

    @Test("mitmproxy's exchanges replay through a router", arguments: exchanges)
    func replays(exchange: Exchange) async throws {
        let router = Router<TestEndpoint>(
            configuration: RouterConfiguration(retryPolicy: .never),
            transport: try HARReplayTransport(file: Self.fixture, order: .byMatch))
        var endpoint = TestEndpoint(path: exchange.path, httpMethod: exchange.method, task: exchange.task)
        endpoint.baseURL = try Self.origin()
        endpoint.acceptableStatusCodes = Set(200..<600)

        let response = try await router.request(endpoint)
        #expect(response.statusCode == exchange.status)
        #expect(response.data.count == exchange.bytes)
        for (name, value) in exchange.headers { #expect(response.headers[name] == value) }
        if let member = exchange.member {
            let body = try #require(try JSONSerialization.jsonObject(with: response.data) as? [String: Any])
            let value = try #require(body[member.name])
            let expected = try JSONSerialization.jsonObject(with: Data(member.json.utf8), options: .fragmentsAllowed)
            #expect(try Self.canonical(value) == Self.canonical(expected))
        }
    }

    /// `value` as JSON with sorted keys, to compare.
    private static func canonical(_ value: Any) throws -> String {
        String(
            decoding: try JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .fragmentsAllowed]),
            as: UTF8.self)
    }
}
