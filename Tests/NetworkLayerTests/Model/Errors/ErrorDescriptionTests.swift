import Foundation
@_spi(Transport) import NetworkLayer
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Every error prints one readable line that says what failed, and never a secret.
@Suite("Error descriptions")
struct ErrorDescriptionTests {
    static let secrets = ["SECRET-KEY", "SECRET-TOKEN", "SECRET-PASSWORD", "SECRET-BODY", "SECRET-COOKIE"]
    static let url = URL(string: "https://user:SECRET-PASSWORD@api.example.com/item?api_key=SECRET-KEY&page=2")!

    static func response(_ status: Int, body: String = #"{"error":"nope","token":"SECRET-BODY"}"#) -> Response {
        var request = URLRequest(url: url)
        request.httpMethod = "PUT"
        request.setValue("Bearer SECRET-TOKEN", forHTTPHeaderField: "Authorization")
        request.setValue("session=SECRET-COOKIE", forHTTPHeaderField: "Cookie")
        return Response(
            request: request, httpResponse: .stub(status, url: url, headers: ["Set-Cookie": "id=SECRET-COOKIE"]),
            data: Data(body.utf8))
    }

    static func transportFailure(
        _ error: any Error & Sendable, configuration: RouterConfiguration = RouterConfiguration()
    ) async -> NetworkError {
        let router = Router<TestEndpoint>(
            configuration: configuration,
            transport: ClosureTransport { _ in
                try await Task.sleep(for: .milliseconds(configuration.deadline == nil ? 0 : 2_000))
                throw error
            })
        let endpoint = TestEndpoint(
            baseURL: URL(string: "https://api.example.com")!, path: "item", httpMethod: .put,
            task: .requestParameters(
                bodyParameters: nil, bodyEncoding: .urlEncoding, urlParameters: ["api_key": "SECRET-KEY"]))
        do {
            _ = try await router.request(endpoint)
            return NetworkError(.transportFailure, detail: "no error")
        } catch {
            return error
        }
    }

    /// An error, and what its line must say.
    struct Row: CustomTestStringConvertible, Sendable {
        let name: String
        let error: NetworkError
        let mentions: [String]

        var testDescription: String { name }
    }

    static func rows() async -> [Row] {
        let long = String(repeating: "x", count: 500)
        return [
            Row(
                name: "invalidRequest",
                error: NetworkError(.invalidRequest, underlyingError: RequestBuildError.invalidURL(url.absoluteString)),
                mentions: ["Invalid request", "api_key=REDACTED"]),
            Row(
                name: "invalidHeader",
                error: NetworkError(.invalidRequest, underlyingError: RequestBuildError.invalidHeader(name: "X-Bad")),
                mentions: ["X-Bad"]),
            Row(
                name: "cancelled", error: await transportFailure(CancellationError()),
                mentions: ["Cancelled", "PUT", "api.example.com/item", "api_key=REDACTED"]),
            Row(
                name: "timedOut (URLError)", error: await transportFailure(URLError(.timedOut)),
                mentions: ["Timed out", "PUT", "api.example.com/item", "-1001"]),
            Row(
                name: "timedOut (deadline)",
                error: await transportFailure(URLError(.unknown), configuration: RouterConfiguration(deadline: 0.05)),
                mentions: ["Timed out", "PUT", "api.example.com/item", "deadline of 0.05 s"]),
            Row(
                name: "transport (URLError)", error: await transportFailure(URLError(.cannotConnectToHost)),
                mentions: ["Cannot connect to", "PUT", "api.example.com/item", "-1004", "connection refused"]),
            Row(
                name: "transport (kind)",
                error: await transportFailure(NetworkError(.secureConnection, detail: "bad certificate")),
                mentions: ["Secure connection failed", "PUT", "bad certificate"]),
            Row(
                name: "responseTooLarge",
                error: await transportFailure(NetworkError(.responseTooLarge, detail: "limit 1000 bytes")),
                mentions: ["Response too large", "PUT", "api.example.com/item", "1000 bytes"]),
            Row(
                name: "authentication", error: NetworkError(.authentication, response: response(401)),
                mentions: ["PUT", "401", "api_key=REDACTED", "nope"]),
            Row(
                name: "notFound", error: NetworkError(.notFound, response: response(404)),
                mentions: ["Not found", "404", "page=2", "REDACTED"]),
            Row(name: "clientError", error: NetworkError(.clientError, response: response(422)), mentions: ["422"]),
            Row(name: "serverError", error: NetworkError(.serverError, response: response(503)), mentions: ["503"]),
            Row(
                name: "unexpectedRedirect", error: NetworkError(.unexpectedRedirect, response: response(302, body: "")),
                mentions: ["302"]),
            Row(
                name: "unacceptableStatusCode", error: NetworkError(.unacceptableStatusCode, response: response(299)),
                mentions: ["299"]),
            Row(
                name: "noData", error: NetworkError(.noData, response: response(200, body: "")),
                mentions: ["No body", "200"]),
            Row(
                name: "long body", error: NetworkError(.serverError, response: response(500, body: long)),
                mentions: [String(repeating: "x", count: 200), "(500 bytes)"]),
            Row(
                name: "form body",
                error: NetworkError(.clientError, response: response(400, body: "password=SECRET-PASSWORD&user=me")),
                mentions: ["user=me"]),
            Row(
                name: "decodingFailed",
                error: NetworkError(
                    .decodingFailed, response: response(200), detail: "Movie: not a movie",
                    underlyingError: CocoaError(.coderInvalidValue)),
                mentions: ["Could not decode", "Movie", "200"]),
            Row(
                name: "a plugin's refusal",
                error: NetworkError(
                    .invalidRequest,
                    detail: "failed at https://api.example.com/?token=SECRET-TOKEN\nBearer SECRET-TOKEN"),
                mentions: ["token=REDACTED"]),
        ]
    }

    @Test("one line that says what failed, in every rendering, with no secret", arguments: await rows())
    func line(row: Row) {
        let renderings = [
            "description": row.error.description,
            "debugDescription": row.error.debugDescription,
            "localizedDescription": row.error.localizedDescription,
            "interpolation": "\(row.error)",
            "reflection": String(reflecting: row.error),
        ]
        for (rendering, text) in renderings {
            #expect(!text.contains("\n"), "\(rendering): \(text)")
            #expect(text.utf8.count < 500, "\(rendering): \(text)")
            for secret in Self.secrets {
                #expect(!text.contains(secret), "\(rendering) shows \(secret): \(text)")
            }
            for mention in row.mentions {
                let headline = row.error.kind.description.hasPrefix(mention)
                let expected =
                    ["reflection", "debugDescription"].contains(rendering) && headline
                    ? "kind: .\(row.error.kind.name)" : mention
                #expect(text.contains(expected), "\(rendering) lacks \(expected): \(text)")
            }
        }
    }

    @Test(
        "build errors read on their own too",
        arguments: [
            RequestBuildError.invalidURL("https://h/?key=SECRET-KEY"), .invalidHeader(name: "X"),
            .unsupportedParameter(key: "k", type: "Foo"), .nonFiniteNumber(key: "k"), .bodyNotAllowed(method: "GET"),
            .encodingFailed(reason: "r"),
        ])
    func buildError(error: RequestBuildError) {
        #expect(error.localizedDescription == error.description)
        #expect(!error.description.contains("SECRET"))
        #expect(!error.description.contains("\n"))
    }
}
