import Foundation
@_spi(Transport) import NetworkLayer
import TestSupport
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// httpbin's challenge routes, for user `user` with password `passwd`.
private enum ChallengeEndpoint: EndPointType {
    /// `GET /basic-auth/user/passwd`: a 401 with `Basic realm="Fake Realm"` until answered.
    case basic
    /// `GET /hidden-basic-auth/user/passwd`: a 404, with no challenge, until answered.
    case hiddenBasic
    /// `GET /digest-auth/auth/user/passwd/{algorithm}`: a 401 with a Digest challenge (`qop="auth"`,
    /// an `opaque`, and a `fake` cookie) until answered.
    case digest(algorithm: String)
    /// `GET /redirect-to?url=…`: a 302 to `url`.
    case redirect(to: URL)

    var baseURL: URL { HTTPBinPeer.baseURL }
    var path: String {
        switch self {
        case .basic: "basic-auth/user/passwd"
        case .hiddenBasic: "hidden-basic-auth/user/passwd"
        case .digest(let algorithm): "digest-auth/auth/user/passwd/\(algorithm)"
        case .redirect: "redirect-to"
        }
    }
    var task: HTTPTask {
        guard case .redirect(let url) = self else { return .request }
        return .requestParameters(
            bodyParameters: nil, bodyEncoding: .urlEncoding, urlParameters: ["url": url.absoluteString])
    }
    // A Basic 401 that the transport failed to hand back would hang on Linux; this bounds it.
    var timeout: TimeInterval? { 60 }
}

private struct Authenticated: Decodable, Equatable {
    let authenticated: Bool
    let user: String
}

@Suite("Integration: challenge credentials", .needsHTTPBin, .timeLimit(.minutes(1)))
struct ChallengeIntegrationTests {
    /// The router, the challenges its provider saw and the attempts that went out.
    private struct Subject {
        let router: Router<ChallengeEndpoint>
        let asked: Locked<[AuthenticationChallenge]>
        let attempts: Locked<Int>
    }

    /// A router on a fresh transport (cookies on, as by default) whose provider answers with `password`,
    /// or does not answer when it is `nil`.
    private func subject(password: String?) throws -> Subject {
        _ = try HTTPBinPeer.requireURL()
        let asked = Locked<[AuthenticationChallenge]>([])
        let attempts = Locked(0)
        let counter = RecordingPlugin { event, _ in if event == "willSend" { attempts.increment() } }
        let configuration = RouterConfiguration(
            plugins: [counter],
            challengeCredentials: { challenge in
                asked.withLock { $0.append(challenge) }
                return password.map { HTTPCredential(user: "user", password: $0) }
            })
        let router = Router<ChallengeEndpoint>(configuration: configuration, transport: LoopbackPeer.makeTransport())
        return Subject(router: router, asked: asked, attempts: attempts)
    }

    /// `endpoint`'s response through `subject`, and how long it took.
    private func timed(_ endpoint: ChallengeEndpoint, _ subject: Subject) async throws -> (Response, Duration) {
        let clock = ContinuousClock()
        let start = clock.now
        let response = try await subject.router.request(endpoint)
        return (response, clock.now - start)
    }

    @Test(
        "the right password is accepted after one challenge",
        arguments: [ChallengeEndpoint.basic, .digest(algorithm: "MD5"), .digest(algorithm: "SHA-256")]
    )
    fileprivate func accepted(endpoint: ChallengeEndpoint) async throws {
        let subject = try subject(password: "passwd")

        let (response, elapsed) = try await timed(endpoint, subject)

        #expect(response.statusCode == 200)
        #expect(try response.decode(Authenticated.self) == Authenticated(authenticated: true, user: "user"))
        #expect(subject.attempts.current == 2)
        #expect(subject.asked.current.count == 1)
        #expect(elapsed < .seconds(20))
    }

    @Test(
        "a wrong password ends with the server's 401 after one resend, without hanging",
        arguments: [ChallengeEndpoint.basic, .digest(algorithm: "MD5"), .digest(algorithm: "SHA-256")]
    )
    fileprivate func rejected(endpoint: ChallengeEndpoint) async throws {
        let subject = try subject(password: "wrong")

        let (response, elapsed) = try await timed(endpoint, subject)

        #expect(response.statusCode == 401)
        #expect(subject.attempts.current == 2)
        #expect(subject.asked.current.count == 1)
        #expect(elapsed < .seconds(20))
    }

    @Test("without a credential the 401 and its challenge come back at once")
    func unanswered() async throws {
        let subject = try subject(password: nil)

        let (response, elapsed) = try await timed(.basic, subject)

        #expect(response.statusCode == 401)
        #expect(response.headers["WWW-Authenticate"] == #"Basic realm="Fake Realm""#)
        #expect(subject.attempts.current == 1)
        #expect(subject.asked.current.map { $0.parameters["realm"] } == ["Fake Realm"])
        #expect(elapsed < .seconds(20))
    }

    @Test("a 404 without a challenge is not answered")
    func hiddenBasic() async throws {
        let subject = try subject(password: "passwd")

        let (response, elapsed) = try await timed(.hiddenBasic, subject)

        #expect(response.statusCode == 404)
        #expect(subject.attempts.current == 1)
        #expect(subject.asked.current.isEmpty)
        #expect(elapsed < .seconds(20))
    }

    @Test("a challenge from the origin a redirect led to is not answered")
    func otherOrigin() async throws {
        let subject = try subject(password: "passwd")
        let target = try HTTPBinPeer.otherOriginURL().appendingPathComponent("basic-auth/user/passwd")

        let (response, elapsed) = try await timed(.redirect(to: target), subject)

        #expect(response.statusCode == 401)
        #expect(response.head.url?.host == target.host)
        #expect(subject.attempts.current == 1)
        #expect(subject.asked.current.isEmpty)
        #expect(elapsed < .seconds(20))
    }
}
