import Foundation
import TestSupport
import Testing

@_spi(Transport) @testable import NetworkLayer

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("Challenge credentials")
struct ChallengeAnswererTests {
    static let user = HTTPCredential(user: "user", password: "passwd")
    static let basicRealm = #"Basic realm="Fake Realm""#

    /// A Digest challenge with `algorithm`, as httpbin words it.
    static func digestChallenge(_ algorithm: String) -> String {
        #"Digest realm="me@example.com", nonce="n0nce", opaque="0paque", qop="auth", algorithm=\#(algorithm), stale=FALSE"#
    }

    /// Accepts `accepted` in `Authorization`, Basic or Digest as `challenge` asks, and answers anything else
    /// with a 401 carrying `challenge`; records each request's `Authorization` in `seen`.
    static func server(
        challenge: String,
        accepting accepted: HTTPCredential = user,
        seen: Locked<[String?]>
    ) -> ClosureTransport {
        ClosureTransport { request in
            let authorization = request.value(forHTTPHeaderField: "Authorization")
            seen.withLock { $0.append(authorization) }
            let ok =
                authorization.map { verify($0, request: request, challenge: challenge, accepted: accepted) } ?? false
            return (
                Data(), .stub(ok ? 200 : 401, url: request.url, headers: ok ? [:] : ["WWW-Authenticate": challenge])
            )
        }
    }

    /// Whether `authorization` answers `challenge` for `accepted`, checked as a server would.
    static func verify(_ authorization: String, request: URLRequest, challenge: String, accepted: HTTPCredential)
        -> Bool
    {
        if authorization.hasPrefix("Basic ") {
            return authorization == "Basic " + Data("\(accepted.user):\(accepted.password)".utf8).base64EncodedString()
        }
        guard let offered = WWWAuthenticate.challenges(in: challenge)?.first,
            let answer = WWWAuthenticate.challenges(in: authorization)?.first, answer.scheme == "digest",
            let algorithm = DigestAlgorithm(offered.parameters["algorithm"]),
            let url = request.url, let components = URLComponents(url: url, resolvingAgainstBaseURL: false)
        else { return false }
        let fields = answer.parameters
        let uri = components.percentEncodedPath + (components.percentEncodedQuery.map { "?" + $0 } ?? "")
        guard fields["uri"] == uri, fields["nonce"] == offered.parameters["nonce"],
            fields["opaque"] == offered.parameters["opaque"], fields["username"] == accepted.user,
            let nc = fields["nc"], let cnonce = fields["cnonce"], fields["qop"] == "auth"
        else { return false }
        var secret = algorithm.hex("\(accepted.user):\(offered.parameters["realm"] ?? ""):\(accepted.password)")
        if algorithm.isSession { secret = algorithm.hex("\(secret):\(fields["nonce"] ?? ""):\(cnonce)") }
        let method = algorithm.hex("\(request.httpMethod ?? "GET"):\(uri)")
        return fields["response"] == algorithm.hex("\(secret):\(fields["nonce"] ?? ""):\(nc):\(cnonce):auth:\(method)")
    }

    /// A configuration whose challenge credentials come from `provide`, each challenge recorded in `asked`.
    static func configuration(
        asked: Locked<[AuthenticationChallenge]>,
        retryPolicy: RetryPolicy? = nil,
        logger: NetworkLogger? = nil,
        provide: @escaping @Sendable (AuthenticationChallenge) -> HTTPCredential? = { _ in user }
    ) -> RouterConfiguration {
        RouterConfiguration(
            logger: logger, retryPolicy: retryPolicy,
            challengeCredentials: { challenge in
                asked.withLock { $0.append(challenge) }
                return provide(challenge)
            }
        ).sleeping(with: { _ in })
    }

    /// A router over `transport` with ``configuration(asked:retryPolicy:logger:provide:)``.
    static func router(
        transport: some HTTPTransport,
        asked: Locked<[AuthenticationChallenge]> = Locked([]),
        retryPolicy: RetryPolicy? = nil,
        logger: NetworkLogger? = nil,
        provide: @escaping @Sendable (AuthenticationChallenge) -> HTTPCredential? = { _ in user }
    ) -> Router<PipelineEndpoint> {
        Router(
            configuration: configuration(asked: asked, retryPolicy: retryPolicy, logger: logger, provide: provide),
            transport: transport)
    }

    @Test("a Basic challenge is answered once, with the credential for its realm, host and endpoint")
    func basic() async throws {
        let seen = Locked<[String?]>([])
        let asked = Locked<[AuthenticationChallenge]>([])
        let router = Self.router(transport: Self.server(challenge: Self.basicRealm, seen: seen), asked: asked)

        let response = try await router.request(PipelineEndpoint(path: "account"))

        #expect(response.statusCode == 200)
        #expect(seen.current == [nil, "Basic dXNlcjpwYXNzd2Q="])
        let challenge = try #require(asked.current.first)
        #expect(asked.current.count == 1)
        #expect(challenge.scheme == .basic)
        #expect(challenge.parameters["realm"] == "Fake Realm")
        #expect(challenge.url.host == "api.example.com")
        #expect((challenge.endpoint as? PipelineEndpoint)?.path == "account")
    }

    @Test(
        "a Digest challenge is answered once, per RFC 7616", arguments: ["MD5", "SHA-256", "MD5-sess", "SHA-256-sess"])
    func digest(algorithm: String) async throws {
        let seen = Locked<[String?]>([])
        let asked = Locked<[AuthenticationChallenge]>([])
        let challenge = Self.digestChallenge(algorithm)
        let router = Router<TestEndpoint>(
            configuration: Self.configuration(asked: asked), transport: Self.server(challenge: challenge, seen: seen))
        let endpoint = TestEndpoint(
            path: "account",
            task: .requestParameters(bodyParameters: nil, bodyEncoding: .urlEncoding, urlParameters: ["q": "a b"]))

        let response = try await router.request(endpoint)

        #expect(response.statusCode == 200)
        let answer = try #require(seen.current.last.flatMap { $0 })
        let fields = try #require(WWWAuthenticate.challenges(in: answer)?.first?.parameters)
        #expect(seen.current.count == 2)
        #expect(answer.hasPrefix("Digest "))
        #expect(fields["algorithm"] == algorithm)
        #expect(fields["uri"] == "/3/account?q=a%20b")
        #expect(fields["nc"] == "00000001")
        #expect(fields["opaque"] == "0paque")
        #expect(fields["cnonce"]?.count == 32)
        #expect(asked.current.map(\.scheme) == [.digest])
        #expect(asked.current.first?.parameters["realm"] == "me@example.com")
    }

    @Test(
        "a wrong password gets the final 401 after exactly one resend",
        arguments: [basicRealm, digestChallenge("MD5"), digestChallenge("SHA-256")]
    )
    func wrongPassword(challenge: String) async throws {
        let seen = Locked<[String?]>([])
        let asked = Locked<[AuthenticationChallenge]>([])
        let router = Self.router(
            transport: Self.server(challenge: challenge, seen: seen), asked: asked, retryPolicy: RetryPolicy.exact
        ) { _ in HTTPCredential(user: "user", password: "wrong") }

        let response = try await router.request(PipelineEndpoint())

        #expect(response.statusCode == 401)
        #expect(response.headers["WWW-Authenticate"] == challenge)
        #expect(seen.current.count == 2)
        #expect(seen.current.last.flatMap { $0 } != nil)
        #expect(asked.current.count == 1)
    }

    @Test("without a credential, or without a provider, the 401 comes back untouched after one request")
    func noCredential() async throws {
        let seen = Locked<[String?]>([])
        let asked = Locked<[AuthenticationChallenge]>([])
        let declining = Self.router(
            transport: Self.server(challenge: Self.basicRealm, seen: seen), asked: asked
        ) { _ in nil }
        let unconfigured = Router<PipelineEndpoint>(
            configuration: RouterConfiguration(), transport: Self.server(challenge: Self.basicRealm, seen: seen))

        let declined = try await declining.request(PipelineEndpoint())
        let plain = try await unconfigured.request(PipelineEndpoint())

        #expect(declined.statusCode == 401)
        #expect(plain.statusCode == 401)
        #expect(seen.current == [nil, nil])
        #expect(asked.current.count == 1)
    }

    @Test("an endpoint that requires no authentication is not answered")
    func publicEndpoint() async throws {
        let seen = Locked<[String?]>([])
        let asked = Locked<[AuthenticationChallenge]>([])
        let router = Self.router(transport: Self.server(challenge: Self.basicRealm, seen: seen), asked: asked)

        let response = try await router.request(PipelineEndpoint(requiresAuthentication: false))

        #expect(response.statusCode == 401)
        #expect(seen.current == [nil])
        #expect(asked.current.isEmpty)
    }

    @Test(
        "a challenge from another origin than the request's is not answered",
        arguments: [
            "https://evil.example.com/3/account", "http://api.example.com/3/account", "https://api.example.com:8443/a",
        ]
    )
    func otherOrigin(challenger: String) async throws {
        let seen = Locked<[String?]>([])
        let asked = Locked<[AuthenticationChallenge]>([])
        // As after a redirect: the 401 comes from another URL than the request went to.
        let transport = ClosureTransport { request in
            seen.withLock { $0.append(request.value(forHTTPHeaderField: "Authorization")) }
            return (Data(), .stub(401, url: URL(string: challenger), headers: ["WWW-Authenticate": Self.basicRealm]))
        }
        let router = Self.router(transport: transport, asked: asked)

        let response = try await router.request(PipelineEndpoint())

        #expect(response.statusCode == 401)
        #expect(seen.current == [nil])
        #expect(asked.current.isEmpty)
    }

    @Test(
        "a malformed or unanswerable challenge leaves the 401 untouched",
        arguments: [
            nil, "", #"Basic realm="unterminated"#, #"Basic realm="a", realm="b""#, #"Basic realm="x" junk"#,
            "Basic dXNlcjpwYXNzd2Q=", #"Bearer realm="api""#, #"Digest realm="r""#, #"Digest nonce="n""#,
            #"Digest realm="r", nonce="n", qop="auth-int""#, #"Digest realm="r", nonce="n", algorithm=SHA-512-256"#,
            "Digest realm=\"r\u{7f}\", nonce=\"n\"", "\u{0}\u{1}\u{2}",
            String(repeating: "Basic realm=\"", count: 10_000),
        ]
    )
    func malformed(field: String?) async throws {
        let seen = Locked<[String?]>([])
        let asked = Locked<[AuthenticationChallenge]>([])
        let transport = ClosureTransport { request in
            seen.withLock { $0.append(request.value(forHTTPHeaderField: "Authorization")) }
            return (Data(), .stub(401, url: request.url, headers: field.map { ["WWW-Authenticate": $0] } ?? [:]))
        }
        let router = Self.router(transport: transport, asked: asked)

        let response = try await router.request(PipelineEndpoint())

        #expect(response.statusCode == 401)
        #expect(seen.current == [nil])
        #expect(asked.current.isEmpty)
    }

    @Test("the strongest challenge is asked about first; a declined one falls back to the next")
    func preference() async throws {
        let seen = Locked<[String?]>([])
        let asked = Locked<[AuthenticationChallenge]>([])
        let offer = #"Basic realm="b", \#(Self.digestChallenge("MD5")), \#(Self.digestChallenge("SHA-256"))"#
        let offering = ClosureTransport { request in
            seen.withLock { $0.append(request.value(forHTTPHeaderField: "Authorization")) }
            let ok = request.value(forHTTPHeaderField: "Authorization") == "Basic dXNlcjpwYXNzd2Q="
            return (Data(), .stub(ok ? 200 : 401, url: request.url, headers: ["WWW-Authenticate": offer]))
        }
        let fallingBack = Self.router(transport: offering, asked: asked) { $0.scheme == .basic ? Self.user : nil }

        let response = try await fallingBack.request(PipelineEndpoint())

        #expect(response.statusCode == 200)
        #expect(asked.current.map { $0.parameters["algorithm"] ?? $0.scheme.name } == ["SHA-256", "MD5", "Basic"])
    }

    @Test("a retried attempt counts the Digest nonce once more, with a new client nonce")
    func nonceCountOnRetry() async throws {
        let seen = Locked<[String?]>([])
        let challenge = Self.digestChallenge("MD5")
        let transport = ClosureTransport { request in
            let index = seen.withLock { seen in
                seen.append(request.value(forHTTPHeaderField: "Authorization"))
                return seen.count
            }
            let status = [1: 401, 2: 503][index] ?? 200
            return (Data(), .stub(status, url: request.url, headers: ["WWW-Authenticate": challenge]))
        }
        let router = Self.router(transport: transport, retryPolicy: RetryPolicy.exact)

        let response = try await router.request(PipelineEndpoint())

        let answers = seen.current.compactMap { $0 }.compactMap {
            WWWAuthenticate.challenges(in: $0)?.first?.parameters
        }
        #expect(response.statusCode == 200)
        #expect(answers.map { $0["nc"] } == ["00000001", "00000002"])
        #expect(answers.first?["cnonce"] != answers.last?["cnonce"])
    }

    @Test(
        "beside a coordinator: a Basic challenge is answered over its token; a Bearer one is left to its refresh",
        arguments: [
            (basicRealm, ["Bearer token-0", "Basic dXNlcjpwYXNzd2Q="], 0),
            ("Bearer", ["Bearer token-0", "Bearer token-1"], 1),
        ]
    )
    func besideCoordinator(challenge: String, expected: [String], refreshes: Int) async throws {
        let seen = Locked<[String?]>([])
        let authenticator = AuthenticationCoordinatorTests.CountingAuthenticator(delay: 0)
        let transport = ClosureTransport { request in
            let authorization = request.value(forHTTPHeaderField: "Authorization")
            seen.withLock { $0.append(authorization) }
            let ok = authorization == "Basic dXNlcjpwYXNzd2Q=" || authorization == "Bearer token-1"
            return (Data(), .stub(ok ? 200 : 401, url: request.url, headers: ["WWW-Authenticate": challenge]))
        }
        var configuration = Self.configuration(asked: Locked([]))
        configuration.authentication = AuthenticationCoordinator(authenticator: authenticator, credential: "token-0")
        let router = Router<PipelineEndpoint>(configuration: configuration, transport: transport)

        let response = try await router.request(PipelineEndpoint())

        #expect(response.statusCode == 200)
        #expect(seen.current == expected)
        #expect(authenticator.refreshes.current == refreshes)
    }

    /// Records what the router hands the transport; answers 401 with a Basic challenge until it carries
    /// `Authorization`.
    final class RecordingTransport: HTTPTransport {
        let requests = Locked<[TransportRequest]>([])

        func send(_ request: TransportRequest) async throws -> TransportResponse {
            requests.withLock { $0.append(request) }
            let answered = request.head.value(forHTTPHeaderField: "Authorization") != nil
            let headers: HTTPHeaders = answered ? [:] : ["WWW-Authenticate": ChallengeAnswererTests.basicRealm]
            guard let url = request.head.url,
                let head = ResponseHead(statusCode: answered ? 200 : 401, headers: headers, url: url)
            else { throw NetworkError(.badResponse) }
            return TransportResponse(head: head, body: ResponseBody(Data()))
        }
    }

    @Test("the answer is a credential header: listed for redirects, redacted in logs and cURL")
    func credentialHeader() async throws {
        let transport = RecordingTransport()
        let lines = Locked<[String]>([])
        let logger = NetworkLogger(sink: LogSink { entry in lines.withLock { $0.append(entry) } })
        let router = Self.router(transport: transport, logger: logger)

        let response = try await router.request(PipelineEndpoint())

        let sent = try #require(transport.requests.current.last)
        let rejected = Response(request: sent.head, httpResponse: .stub(401, url: sent.head.url), data: Data())
        let error = NetworkError(.authentication, response: rejected)
        let logged = (lines.current + [logger.cURL(for: sent.head), "\(error)", String(reflecting: error)])
            .joined(separator: "\n")
        #expect(response.statusCode == 200)
        #expect(sent.credentialHeaders.contains("authorization"))
        #expect(logged.contains("REDACTED"))
        #expect(!logged.contains("dXNlcjpwYXNzd2Q="))
        #expect(!logged.contains("passwd"))
    }
}
