import Foundation
@_spi(Transport) import NetworkLayer
import Testing

@Suite("Integration: query echo", .needsHTTPBin)
struct QueryEchoIntegrationTests {
    static let pairs: [(name: String, value: String)] = [
        ("plus", "1+1=2"),
        ("ampersand", "salt & pepper"),
        ("equals", "a=b=c"),
        ("space", "hello world"),
        ("accent", "café"),
        ("cjk", "日本"),
        ("emoji", "👍🏽"),
        ("percent", "100% sure"),
        ("reserved", "?#/;:@$,[]"),
        ("key & more=", "value"),
        ("日本 key", "naïve"),
    ]

    @Test("A query item reaches the server unchanged", arguments: pairs)
    func queryItemRoundTrips(name: String, value: String) async throws {
        let router = try HTTPBinPeer.makeRouter()

        let response = try await router.request(.get(query: [name: value]))

        #expect(response.statusCode == 200)
        let echo = try response.decode(HTTPBinEcho.self)
        #expect(echo.args == [name: .string(value)])
    }

    @Test("Every item of a query reaches the server")
    func wholeQueryRoundTrips() async throws {
        let router = try HTTPBinPeer.makeRouter()
        var query: Parameters = [:]
        for pair in Self.pairs { query[pair.name] = pair.value }

        let echo = try await router.request(.get(query: query)).decode(HTTPBinEcho.self)

        let expected = Dictionary(uniqueKeysWithValues: Self.pairs.map { ($0.name, HTTPBinJSON.string($0.value)) })
        #expect(echo.args == expected)
    }
}
