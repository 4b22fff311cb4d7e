import Foundation
@_spi(Transport) import NetworkLayer
import Testing

@Suite("Integration: body echo", .needsHTTPBin)
struct BodyEchoIntegrationTests {
    static let methods: [HTTPMethod] = [.post, .put, .patch, .delete]

    @Test("A JSON body reaches the server unchanged", arguments: methods)
    func jsonBody(method: HTTPMethod) async throws {
        let router = try HTTPBinPeer.makeRouter()
        let body: Parameters = [
            "name": "café & co", "count": 3, "ratio": 0.5, "flag": true,
            "tags": ["a", "b+c"], "nested": ["key": "日本 👍🏽"],
        ]

        let response = try await router.request(.echoBody(method: method, body: body, encoding: .jsonEncoding))

        #expect(response.statusCode == 200)
        let echo = try response.decode(HTTPBinEcho.self)
        #expect(echo.headers?["Content-Type"]?.hasPrefix("application/json") == true)
        #expect(
            echo.json
                == .object([
                    "name": .string("café & co"), "count": .number(3), "ratio": .number(0.5), "flag": .bool(true),
                    "tags": .array([.string("a"), .string("b+c")]), "nested": .object(["key": .string("日本 👍🏽")]),
                ])
        )
    }

    @Test("A form body reaches the server unchanged", arguments: [HTTPMethod.post, .put, .patch])
    func formBody(method: HTTPMethod) async throws {
        let router = try HTTPBinPeer.makeRouter()
        let fields = ["name": "café & co", "equation": "1+1=2", "emoji": "👍🏽", "spaced out": "a b", "percent": "100%"]

        let response = try await router.request(.echoBody(method: method, body: fields, encoding: .urlEncoding))

        #expect(response.statusCode == 200)
        let echo = try response.decode(HTTPBinEcho.self)
        #expect(echo.headers?["Content-Type"]?.hasPrefix("application/x-www-form-urlencoded") == true)
        #expect(echo.form == fields.mapValues(HTTPBinJSON.string))
    }

    @Test("Form parameters of a DELETE, which has no body, reach the server as the query")
    func deleteFormParametersGoToQuery() async throws {
        let router = try HTTPBinPeer.makeRouter()
        let fields = ["name": "café & co", "equation": "1+1=2"]

        let response = try await router.request(.echoBody(method: .delete, body: fields, encoding: .urlEncoding))

        #expect(response.statusCode == 200)
        let echo = try response.decode(HTTPBinEcho.self)
        #expect(echo.args == fields.mapValues(HTTPBinJSON.string))
        #expect(echo.form == [:])
    }
}
