import Foundation

/// A stored response that matches a request's variant, with its age and lifetime as the request found them.
struct CacheCandidate: Sendable {
    let record: CacheRecord
    let stored: StoredResponse
    /// The stored fields, decoded once.
    let headers: HTTPHeaders
    let cacheControl: CacheControl
    let age: TimeInterval
    let lifetime: TimeInterval

    init(record: CacheRecord, stored: StoredResponse, now: Date, shared: Bool) {
        self.record = record
        self.stored = stored
        let headers = stored.headers
        self.headers = headers
        self.cacheControl = CDNCacheControl.responseDirectives(headers, shared: shared)
        self.age = stored.currentAge(now: now, headers: headers)
        self.lifetime = stored.freshnessLifetime(shared: shared, headers: headers, cacheControl: cacheControl)
    }

    /// What the candidate may answer `request` with, under `policy` (see ``CacheReuse``).
    func reuse(for request: RequestDirectives, policy: CachePolicy, shared: Bool) -> CacheReuse {
        CacheReuse.decide(
            stored: cacheControl, age: age, lifetime: lifetime, request: request, policy: policy,
            shared: shared)
    }

    /// Whether the candidate may answer, stale, for a server that failed.
    func allowsStaleIfError(for request: RequestDirectives, shared: Bool) -> Bool {
        CacheReuse.allowsStaleIfError(
            stored: cacheControl, age: age, lifetime: lifetime, request: request, shared: shared)
    }
}
