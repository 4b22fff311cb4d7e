import Foundation
@_spi(Transport) import NetworkLayer
import Testing

@Suite("Integration: status mapping", .needsHTTPBin)
struct StatusMappingIntegrationTests {
    /// The family of ``NetworkError`` a failing status maps to.
    enum Failure: String, Sendable {
        case authentication, notFound, clientError, serverError, other

        init(_ error: NetworkError) {
            switch error {
            case .authentication: self = .authentication
            case .notFound: self = .notFound
            case .clientError: self = .clientError
            case .serverError: self = .serverError
            default: self = .other
            }
        }
    }

    @Test("204 decodes as EmptyResponse")
    func noContentAsEmptyResponse() async throws {
        let manager = try HTTPBinPeer.makeManager()

        let value = try await manager.request(.status(204), as: EmptyResponse.self)

        #expect(value == EmptyResponse())
    }

    @Test("204 decodes as nil for an optional")
    func noContentAsOptional() async throws {
        let manager = try HTTPBinPeer.makeManager()

        let value = try await manager.request(.status(204), as: HTTPBinEcho?.self)

        #expect(value == nil)
    }

    @Test(
        "A failing status maps to its error and keeps the response",
        .timeLimit(.minutes(1)),
        arguments: [
            (HTTPBinEndpoint.status(404), 404, Failure.notFound),
            (.status(418), 418, .clientError),
            (.status(500), 500, .serverError),
            (.status(503), 503, .serverError),
            (.bearer, 401, .authentication),
        ]
    )
    func failingStatus(endpoint: HTTPBinEndpoint, status: Int, failure: Failure) async throws {
        let manager = try HTTPBinPeer.makeManager()

        let error = await #expect(throws: NetworkError.self) {
            try await manager.request(endpoint, as: HTTPBinEcho.self)
        }

        let thrown = try #require(error)
        #expect(Failure(thrown) == failure)
        #expect(thrown.statusCode == status)
    }

    /// Linux URLSession never completes a 401 with a Basic challenge on its own; the transport must.
    @Test(
        "A Basic challenge without credentials is a 401 authentication error, not a hang",
        .timeLimit(.minutes(1)),
        arguments: [HTTPBinEndpoint.basicAuth(user: "u", password: "p", authorization: nil), .status(401)]
    )
    func basicChallengeIsAuthenticationError(endpoint: HTTPBinEndpoint) async throws {
        let manager = try HTTPBinPeer.makeManager()
        let start = ContinuousClock.now

        let error = await #expect(throws: NetworkError.self) {
            try await manager.request(endpoint, as: HTTPBinEcho.self)
        }

        let thrown = try #require(error)
        #expect(Failure(thrown) == .authentication)
        #expect(thrown.statusCode == 401)
        #expect(start.duration(to: .now) < .seconds(5))
    }

    @Test("Basic credentials sent as a header authenticate", .timeLimit(.minutes(1)))
    func basicCredentialsAuthenticate() async throws {
        let manager = try HTTPBinPeer.makeManager()
        let credential = Data("u:p".utf8).base64EncodedString()

        let echo = try await manager.request(
            .basicAuth(user: "u", password: "p", authorization: "Basic \(credential)"),
            as: HTTPBinEcho.self
        )

        #expect(echo.authenticated == true)
    }
}
