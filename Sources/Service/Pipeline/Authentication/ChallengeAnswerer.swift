import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Answers a `401` carrying a `Basic` or `Digest` challenge with a credential from
/// ``RouterConfiguration/challengeCredentials``: the request is sent again, once, with the answer in its
/// `Authorization`, and any `401` after that is the request's final outcome.
///
/// Only a challenge from the origin (scheme, host, port) of the request is answered, so a redirect to
/// another server never obtains the credential. A header that does not parse, or offers nothing the
/// library speaks, leaves the `401` as it is.
struct ChallengeAnswerer: RequestCredentials {
    /// Provides the credential for a challenge, or `nil` to leave it unanswered.
    typealias Provider = @Sendable (AuthenticationChallenge) async -> HTTPCredential?

    let provider: Provider
    let endpoint: any EndPointType
    private var answer: Answer?

    private enum Answer: Sendable, Equatable {
        case basic(String)
        /// A Digest challenge, the credential answering it and how many requests already used its nonce.
        case digest(DigestChallenge, HTTPCredential, count: Int)
    }

    init(provider: @escaping Provider, endpoint: any EndPointType) {
        self.provider = provider
        self.endpoint = endpoint
    }

    mutating func apply(to request: URLRequest) async -> URLRequest? {
        var request = request
        switch answer {
        case nil:
            break
        case .basic(let value):
            request.setValue(value, forHTTPHeaderField: "Authorization")
        case .digest(let challenge, let credential, let count):
            answer = .digest(challenge, credential, count: count + 1)
            let value = Self.digest(challenge, credential, for: request, count: count + 1)
            request.setValue(value, forHTTPHeaderField: "Authorization")
        }
        return request
    }

    mutating func recover(after response: Response) async -> CredentialRecovery? {
        guard response.statusCode == 401 else { return nil }
        guard answer == nil else { return .deliver }
        guard let url = response.request.url, let challenger = response.head.url,
            RedirectPolicy.sameOrigin(url, challenger)
        else { return nil }
        let offered = WWWAuthenticate.challenges(in: response.headers.values(for: "WWW-Authenticate"))
        for offer in Self.answerable(offered) {
            let challenge = AuthenticationChallenge(
                scheme: offer.scheme, parameters: offer.parameters, url: url, endpoint: endpoint)
            guard let credential = await provider(challenge) else { continue }
            let candidate: Answer? =
                if let digest = offer.digest {
                    Self.digest(digest, credential, for: response.request, count: 1) == nil
                        ? nil : .digest(digest, credential, count: 0)
                } else {
                    Self.basic(credential).map(Answer.basic)
                }
            if let candidate {
                answer = candidate
                return .resend
            }
        }
        return nil
    }

    /// A challenge the library can answer.
    private struct Offer {
        let scheme: AuthenticationScheme
        let parameters: [String: String]
        /// The Digest challenge, `nil` for Basic.
        let digest: DigestChallenge?

        /// Higher is stronger: Digest with SHA-256, Digest with MD5, then Basic (RFC 7616, 3.7).
        var strength: Int { digest?.algorithm.preference ?? 0 }
    }

    /// The challenges among `offered` the library can answer, strongest first, each strength in the server's order.
    private static func answerable(_ offered: [WWWAuthenticate.Challenge]) -> [Offer] {
        let offers = offered.compactMap { challenge -> Offer? in
            switch AuthenticationScheme(challenge.scheme) {
            case .basic where challenge.token68 == nil:
                return Offer(scheme: .basic, parameters: challenge.parameters, digest: nil)
            case .digest:
                guard let digest = DigestChallenge(parameters: challenge.parameters) else { return nil }
                return Offer(scheme: .digest, parameters: challenge.parameters, digest: digest)
            default:
                return nil
            }
        }
        return offers.enumerated().sorted { ($0.element.strength, -$0.offset) > ($1.element.strength, -$1.offset) }
            .map(\.element)
    }

    /// `Basic` and the credential in base64 (RFC 7617); `nil` for a user with a colon, or control characters.
    private static func basic(_ credential: HTTPCredential) -> String? {
        let isControl: (Unicode.Scalar) -> Bool = { $0.value < 0x20 || $0.value == 0x7f }
        guard !credential.user.contains(":"),
            !credential.user.unicodeScalars.contains(where: isControl),
            !credential.password.unicodeScalars.contains(where: isControl)
        else { return nil }
        return "Basic " + Data("\(credential.user):\(credential.password)".utf8).base64EncodedString()
    }

    /// The Digest answer for `request`, the `count`-th with the challenge's nonce, with a fresh client nonce.
    private static func digest(
        _ challenge: DigestChallenge,
        _ credential: HTTPCredential,
        for request: URLRequest,
        count: Int
    ) -> String? {
        guard let url = request.url else { return nil }
        let cnonce = (0..<16).map { _ in
            let byte = UInt8.random(in: .min ... .max)
            return String(byte >> 4, radix: 16) + String(byte & 0x0f, radix: 16)
        }.joined()
        return challenge.authorization(
            for: credential, method: request.httpMethod ?? "GET", uri: url.requestTarget, cnonce: cnonce, count: count)
    }
}

extension URL {
    /// The path and query as they go on the request line, for Digest's `uri`.
    fileprivate var requestTarget: String {
        let components = URLComponents(url: self, resolvingAgainstBaseURL: true)
        let path = components?.percentEncodedPath ?? ""
        let query = components?.percentEncodedQuery.map { "?" + $0 } ?? ""
        return (path.isEmpty ? "/" : path) + query
    }
}
