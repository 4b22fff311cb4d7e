import Foundation
@_spi(Transport) import NetworkLayer
import TestSupport
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Retries, deadlines and cancellation behave the same over `URLSessionTransport` (failing inside a real
/// session, through a `URLProtocol`) and over a fake transport that throws ``NetworkError`` itself.
@Suite("Transport neutrality")
struct TransportNeutralityTests {
    /// Which transport carries the request.
    enum Carrier: String, CaseIterable, CustomTestStringConvertible, Sendable {
        case urlSession, fake

        var testDescription: String { rawValue }

        /// A transport on which every attempt counts in `attempts` and then ends as `failure` says.
        func transport(_ failure: Failure, attempts: Locked<Int>) -> (any HTTPTransport, URL) {
            switch self {
            case .urlSession:
                let base = StubURLProtocol.register { _, _ in
                    attempts.increment()
                    return failure.kind.map { .failure(URLError(Failure.urlErrorCode(for: $0))) } ?? .silence
                }
                return (URLSessionTransport(configuration: StubURLProtocol.configuration()), base)
            case .fake:
                let transport = ClosureTransport { _ in
                    attempts.increment()
                    guard let kind = failure.kind else {
                        try await Task.sleep(nanoseconds: 600_000_000_000)
                        throw CancellationError()
                    }
                    throw NetworkError(kind)
                }
                return (transport, URL(string: "https://api.example.com")!)
            }
        }
    }

    /// How each attempt ends: a failure of `kind`, or no answer at all (`nil`).
    struct Failure: CustomTestStringConvertible, Sendable {
        let kind: NetworkError.Kind?
        /// Whether the default ``RetryPolicy`` retries it.
        let isRetried: Bool

        var testDescription: String { kind?.description ?? "no answer" }

        static let all: [Failure] = [
            Failure(kind: .cannotConnect, isRetried: true),
            Failure(kind: .cannotFindHost, isRetried: true),
            Failure(kind: .timedOut, isRetried: true),
            Failure(kind: .connectionLost, isRetried: true),
            Failure(kind: .notConnected, isRetried: false),
            Failure(kind: .secureConnection, isRetried: false),
            Failure(kind: .tooManyRedirects, isRetried: false),
            Failure(kind: .badResponse, isRetried: false),
            Failure(kind: .unsupportedURL, isRetried: false),
            Failure(kind: .transportFailure, isRetried: false),
        ]

        /// The `URLError` code a session reports for `kind`.
        static func urlErrorCode(for kind: NetworkError.Kind) -> URLError.Code {
            switch kind {
            case .cannotConnect: .cannotConnectToHost
            case .cannotFindHost: .cannotFindHost
            case .timedOut: .timedOut
            case .connectionLost: .networkConnectionLost
            case .notConnected: .notConnectedToInternet
            case .secureConnection: .secureConnectionFailed
            case .tooManyRedirects: .httpTooManyRedirects
            case .badResponse: .cannotParseResponse
            case .unsupportedURL: .unsupportedURL
            default: .unknown
            }
        }
    }

    static let quickRetries = RetryPolicy(initialBackoff: 0.01, jitter: 0)

    @Test("each failure kind is classified and retried alike", arguments: Carrier.allCases, Failure.all)
    func retries(carrier: Carrier, failure: Failure) async throws {
        let attempts = Locked(0)
        let (transport, base) = carrier.transport(failure, attempts: attempts)
        let router = Router<TestEndpoint>(
            configuration: RouterConfiguration(retryPolicy: Self.quickRetries), transport: transport)

        let error = await #expect(throws: NetworkError.self) { try await router.request(TestEndpoint(baseURL: base)) }

        #expect(attempts.current == (failure.isRetried ? 3 : 1))
        switch (try #require(error), failure.kind) {
        case (let transportError, let kind?):
            #expect(transportError.kind == kind)
            #expect(transportError.method == "GET")
            #expect(transportError.url?.host == base.host)
        case (let other, _): Issue.record("expected \(failure.testDescription), got \(other)")
        }
    }

    @Test(
        "a deadline ends a request that gets no answer", .timeLimit(.minutes(1)), arguments: Carrier.allCases)
    func deadline(carrier: Carrier) async {
        let (transport, base) = carrier.transport(Failure(kind: nil, isRetried: false), attempts: Locked(0))
        let router = Router<TestEndpoint>(configuration: RouterConfiguration(deadline: 0.2), transport: transport)

        let error = await #expect(throws: NetworkError.self) { try await router.request(TestEndpoint(baseURL: base)) }
        #expect(error?.kind == .timedOut)
    }

    @Test("cancelling the router ends a request that gets no answer", arguments: Carrier.allCases)
    func cancel(carrier: Carrier) async {
        let attempts = Locked(0)
        let (transport, base) = carrier.transport(Failure(kind: nil, isRetried: false), attempts: attempts)
        let router = Router<TestEndpoint>(transport: transport)
        let request = Task { try await router.request(TestEndpoint(baseURL: base)) }
        #expect(await eventually { attempts.current == 1 })

        router.cancel()

        let error = await #expect(throws: NetworkError.self) { try await request.value }
        #expect(error?.kind == .cancelled)
    }
}
