import Foundation
import Testing

@testable import TMDB

@Suite("RateLimitPolicy")
struct RateLimitPolicyTests {
    @Test(
        "Retry only when allowed, announced and short enough",
        arguments: [
            (1, 2.0, 2.0), (1, 10.0, 10.0), (1, 10.5, nil), (2, 1.0, nil), (1, nil, nil), (1, 0.0, 0.0),
        ] as [(Int, TimeInterval?, TimeInterval?)])
    func delay(attempt: Int, retryAfter: TimeInterval?, expected: TimeInterval?) {
        #expect(RateLimitPolicy().delay(beforeRetry: attempt, retryAfter: retryAfter) == expected)
    }

    @Test("never does not retry")
    func never() {
        #expect(RateLimitPolicy.never.delay(beforeRetry: 1, retryAfter: 1) == nil)
    }
}
