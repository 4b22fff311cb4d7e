import Foundation
@_spi(Transport) import NetworkLayer
import TestSupport
import Testing

@Suite("NetworkManager")
struct NetworkManagerTests {
    struct Movie: Decodable, Sendable, Equatable {
        let id: Int
        let title: String
    }

    struct ServerError: Decodable, Equatable {
        let statusCode: Int
        let statusMessage: String
    }

    private func manager(_ transport: ClosureTransport, decoder: JSONDecoder = JSONDecoder()) -> NetworkManager<
        TestEndpoint
    > {
        NetworkManager(router: Router(transport: transport), decoder: decoder)
    }

    @Test("decodes a successful body")
    func decodes() async throws {
        let movie: Movie = try await manager(.status(200, body: #"{"id":11,"title":"Star Wars"}"#)).request(
            TestEndpoint())
        #expect(movie == Movie(id: 11, title: "Star Wars"))
    }

    @Test("uses the configured decoder")
    func snakeCase() async throws {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        let body = #"{"status_code":34,"status_message":"gone"}"#
        let value: ServerError = try await manager(.status(200, body: body), decoder: decoder).request(TestEndpoint())
        #expect(value == ServerError(statusCode: 34, statusMessage: "gone"))
    }

    @Test("an error keeps status, headers and body, so the server's error JSON can be decoded")
    func errorKeepsResponse() async throws {
        let body = #"{"status_code":7,"status_message":"Invalid API key"}"#
        let transport = ClosureTransport.status(401, body: body, headers: ["Retry-After": "5"])
        do {
            let _: Movie = try await manager(transport).request(TestEndpoint())
            Issue.record("expected an error")
        } catch {
            #expect(error.kind == .authentication)
            #expect(error.statusCode == 401)
            #expect(error.response?.headers["retry-after"] == "5")
            let decoder = JSONDecoder()
            decoder.keyDecodingStrategy = .convertFromSnakeCase
            let serverError = try #require(error.response).decode(ServerError.self, using: decoder)
            #expect(serverError == ServerError(statusCode: 7, statusMessage: "Invalid API key"))
        }
    }

    @Test("an endpoint's acceptable codes decide success")
    func acceptableCodes() async throws {
        let transport = ClosureTransport.status(404, body: #"{"id":0,"title":""}"#)
        let lenient = TestEndpoint(acceptableStatusCodes: [200, 404])
        let movie: Movie = try await manager(transport).request(lenient)
        #expect(movie.id == 0)
        await #expect(throws: NetworkError.self) {
            _ = try await manager(.status(200)).response(for: TestEndpoint(acceptableStatusCodes: [201]))
        }
    }

    @Test(
        "a response without content decodes to EmptyResponse, nil or empty Data",
        arguments: [(200, ["Content-Length": "0"]), (204, [:])]
    )
    func emptyBody(status: Int, headers: [String: String]) async throws {
        let manager = manager(.status(status, headers: headers))
        #expect(try await manager.request(TestEndpoint(), as: EmptyResponse.self) == EmptyResponse())
        #expect(try await manager.request(TestEndpoint(), as: Movie?.self) == nil)
        #expect(try await manager.request(TestEndpoint(), as: Data.self).isEmpty)
    }

    @Test("an empty body for a non-optional type is noData")
    func noData() async {
        do {
            let _: Movie = try await manager(.status(204)).request(TestEndpoint())
            Issue.record("expected noData")
        } catch {
            #expect(error.kind == .noData)
            #expect(error.statusCode == 204)
        }
    }

    @Test(
        "a body that does not decode is decodingFailed with a reason",
        arguments: [
            ("{\"id\":1", "malformed JSON"),
            ("<html><body>502 Bad Gateway</body></html>", "HTML"),
            (#"{"id":"eleven","title":"x"}"#, "id"),
            (#"{"id":1}"#, "title"),
        ]
    )
    func decodingFailed(body: String, hint: String) async {
        do {
            let _: Movie = try await manager(.status(200, body: body)).request(TestEndpoint())
            Issue.record("expected decodingFailed")
        } catch {
            guard let failure = error.ifKind(.decodingFailed) else {
                Issue.record("expected decodingFailed, got \(error)")
                return
            }
            #expect(failure.detail?.hasPrefix("Movie: ") == true)
            #expect(failure.underlyingError is DecodingError)
            #expect(failure.response?.data == Data(body.utf8))
            if hint == "id" || hint == "title" { #expect(failure.detail?.contains(hint) == true) }
        }
    }

    @Test("the completion variant validates, decodes and calls back exactly once")
    func completion() async {
        let results = Locked<[Result<Movie, NetworkError>]>([])
        manager(.status(200, body: #"{"id":1,"title":"A"}"#)).request(TestEndpoint(), as: Movie.self) { result in
            results.withLock { $0.append(result) }
        }
        manager(.status(500, body: "oops")).request(TestEndpoint(), as: Movie.self) { result in
            results.withLock { $0.append(result) }
        }
        #expect(await eventually { results.current.count == 2 })
        await settle()
        #expect(results.current.count == 2)
        let movies = results.current.compactMap { try? $0.get() }
        #expect(movies == [Movie(id: 1, title: "A")])
        let errors = results.current.compactMap { result -> String? in
            if case .failure(let error) = result { return error.kind.name }
            return nil
        }
        #expect(errors == ["serverError"])
    }
}
