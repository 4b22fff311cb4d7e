import Foundation
import Testing

@_spi(Transport) @testable import NetworkLayer

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("RetryPolicy")
struct RetryPolicyTests {
    static let methods: [HTTPMethod] = [.get, .head, .put, .delete, .options, "TRACE", .post, .patch, "CONNECT"]

    static let outcomes: [(String, Result<Response, NetworkError>, Bool)] = [
        ("200", .success(.stub(200)), false),
        ("201", .success(.stub(201)), false),
        ("400", .success(.stub(400)), false),
        ("401", .success(.stub(401)), false),
        ("404", .success(.stub(404)), false),
        ("408", .success(.stub(408)), true),
        ("429", .success(.stub(429)), true),
        ("500", .success(.stub(500)), true),
        ("501", .success(.stub(501)), false),
        ("502", .success(.stub(502)), true),
        ("503", .success(.stub(503)), true),
        ("504", .success(.stub(504)), true),
        ("505", .success(.stub(505)), false),
        ("serverError(503)", .failure(NetworkError(.serverError, response: .stub(503))), true),
        ("clientError(429)", .failure(NetworkError(.clientError, response: .stub(429))), true),
        ("timed out", .failure(NetworkError(.timedOut)), true),
        ("connection lost", .failure(NetworkError(URLError(.networkConnectionLost))), true),
        ("cannot connect", .failure(NetworkError(URLError(.cannotConnectToHost))), true),
        ("cannot find host", .failure(NetworkError(URLError(.cannotFindHost))), true),
        ("DNS lookup failed", .failure(NetworkError(URLError(.dnsLookupFailed))), true),
        ("not connected", .failure(NetworkError(URLError(.notConnectedToInternet))), false),
        ("bad URL", .failure(NetworkError(URLError(.badURL))), false),
        ("cancelled", .failure(NetworkError(.cancelled)), false),
        (
            "invalid request",
            .failure(NetworkError(.invalidRequest, underlyingError: RequestBuildError.invalidURL("x"))), false
        ),
        ("a plugin's refusal", .failure(NetworkError(.invalidRequest, detail: "x")), false),
    ]

    @Test("retried only when the method is idempotent and the outcome is retryable", arguments: methods, outcomes)
    func decision(method: HTTPMethod, outcome: (String, Result<Response, NetworkError>, Bool)) {
        let (_, result, retryable) = outcome
        let expected = retryable && method.isIdempotent
        #expect(RetryPolicy().shouldRetry(result, isIdempotent: method.isIdempotent) == expected)
    }

    @Test("an endpoint that declares itself idempotent is retried whatever its method", arguments: outcomes)
    func optIn(outcome: (String, Result<Response, NetworkError>, Bool)) {
        #expect(RetryPolicy().shouldRetry(outcome.1, isIdempotent: true) == outcome.2)
    }

    @Test("a response from the cache is not retried, whatever its status", arguments: [503, 504])
    func cachedAnswer(status: Int) {
        let url = URL(string: "https://api.example.com/3/movie/1")!
        var head = ResponseHead(.stub(status, url: url))
        head.cacheStatus = .cached
        let cached = Response(request: URLRequest(url: url), head: head, data: Data())
        #expect(!RetryPolicy().shouldRetry(.success(cached), isIdempotent: true))
        #expect(!RetryPolicy().shouldRetry(.failure(NetworkError(.serverError, response: cached)), isIdempotent: true))
        #expect(RetryPolicy().shouldRetry(.success(.stub(status)), isIdempotent: true))
    }

    @Test("custom status and error sets replace the defaults")
    func customSets() {
        let policy = RetryPolicy(retryableStatusCodes: [418], retryableFailures: [.notConnected])
        #expect(policy.shouldRetry(.success(.stub(418)), isIdempotent: true))
        #expect(!policy.shouldRetry(.success(.stub(503)), isIdempotent: true))
        #expect(
            policy.shouldRetry(
                .failure(NetworkError(URLError(.notConnectedToInternet))), isIdempotent: true))
        #expect(!policy.shouldRetry(.failure(NetworkError(.timedOut)), isIdempotent: true))
    }

    @Test("the default backoff is 0.5 s, then 1 s, then doubling", arguments: [(1, 0.5), (2, 1.0), (3, 2.0), (4, 4.0)])
    func backoff(retry: Int, expected: TimeInterval) {
        #expect(RetryPolicy().backoff(beforeRetry: retry, random: 0) == expected)
        #expect(RetryPolicy.exact.delay(beforeRetry: retry, after: .success(.stub(503))) == expected)
    }

    @Test("jitter stays within its band", arguments: [1, 2])
    func jitterBounds(retry: Int) {
        let policy = RetryPolicy()
        let nominal = policy.backoff(beforeRetry: retry, random: 0)
        #expect(policy.backoff(beforeRetry: retry, random: -1) == nominal * 0.8)
        #expect(policy.backoff(beforeRetry: retry, random: 1) == nominal * 1.2)
        let delays = (0..<200).map { _ in policy.delay(beforeRetry: retry, after: .success(.stub(503))) }
        #expect(delays.allSatisfy { $0 >= nominal * 0.8 && $0 <= nominal * 1.2 })
        #expect(Set(delays).count > 1, "jitter should vary the delay")
    }

    @Test(
        "Retry-After replaces the backoff and is capped",
        arguments: [
            ("3", 60.0, 3.0),
            ("0", 60, 0),
            ("120", 60, 60),
            ("120", 5, 5),
            ("not a number", 60, 0.5),
        ] as [(String, TimeInterval, TimeInterval)])
    func retryAfter(header: String, cap: TimeInterval, expected: TimeInterval) {
        let policy = RetryPolicy(jitter: 0, maximumRetryAfter: cap)
        let response = Response.stub(503, headers: ["Retry-After": header])
        #expect(policy.delay(beforeRetry: 1, after: .success(response)) == expected)
        #expect(
            policy.delay(beforeRetry: 1, after: .failure(NetworkError(.serverError, response: response))) == expected)
    }

    @Test(
        "a response asking for a wait beyond the cap is not retried",
        arguments: [("60", true), ("61", false), ("86400", false), ("0", true), ("soon", true)])
    func retryAfterBeyondCap(header: String, retried: Bool) {
        let response = Response.stub(503, headers: ["Retry-After": header])
        #expect(RetryPolicy().shouldRetry(.success(response), isIdempotent: true) == retried)
        #expect(
            RetryPolicy().shouldRetry(.failure(NetworkError(.serverError, response: response)), isIdempotent: true)
                == retried)
    }

    @Test("Retry-After as an HTTP date waits until then")
    func retryAfterDate() throws {
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let header = try #require(Self.imfFixdate(now.addingTimeInterval(10)))
        let response = Response.stub(429, headers: ["Retry-After": header])
        #expect(RetryPolicy.exact.delay(beforeRetry: 1, after: .success(response), now: now) == 10)
    }

    private static func imfFixdate(_ date: Date) -> String? {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return formatter.string(from: date)
    }
}
