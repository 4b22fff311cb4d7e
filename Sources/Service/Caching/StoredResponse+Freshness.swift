import Foundation

extension StoredResponse {
    /// The statuses whose responses may be given a heuristic lifetime (RFC 9110 §15.1) and stored without any
    /// explicit freshness.
    static let heuristicallyCacheableStatuses: Set<Int> = [200, 203, 204, 206, 300, 301, 308, 404, 405, 410, 414, 501]

    /// The longest lifetime the heuristic gives: a day.
    static let longestHeuristicLifetime: TimeInterval = 86_400

    /// How long the response stays fresh after it was generated (RFC 9111 §4.2.1), by `CDN-Cache-Control` in a
    /// shared cache when it has a valid one (RFC 9213), else by `Cache-Control`: `s-maxage` in a shared cache,
    /// else `max-age`, else `Expires` minus `Date`, else the heuristic (§4.2.2). An invalid or repeated and
    /// disagreeing value makes it stale: zero, or less for an `Expires` before `Date`.
    func freshnessLifetime(shared: Bool) -> TimeInterval {
        let headers = self.headers
        return freshnessLifetime(
            shared: shared, headers: headers, cacheControl: CDNCacheControl.responseDirectives(headers, shared: shared))
    }

    /// ``freshnessLifetime(shared:)`` from the stored fields and their `Cache-Control`, decoded already.
    func freshnessLifetime(shared: Bool, headers: HTTPHeaders, cacheControl: CacheControl) -> TimeInterval {
        if shared, let sharedMaxAge = cacheControl.seconds("s-maxage") {
            return TimeInterval(sharedMaxAge.value(invalid: 0))
        }
        if let maxAge = cacheControl.seconds("max-age") { return TimeInterval(maxAge.value(invalid: 0)) }
        let expires = headers.values(for: "Expires")
        if let first = expires.first {
            guard expires.allSatisfy({ $0 == first }), let date = HTTPDate.parse(first) else { return 0 }
            return date.timeIntervalSince(dateValue(headers))
        }
        return heuristicLifetime(headers, cacheControl)
    }

    /// A tenth of the time since `Last-Modified`, at most ``longestHeuristicLifetime``, for a response whose
    /// status allows it or that is `public`; zero otherwise.
    private func heuristicLifetime(_ headers: HTTPHeaders, _ cacheControl: CacheControl) -> TimeInterval {
        guard Self.heuristicallyCacheableStatuses.contains(statusCode) || cacheControl.contains("public"),
            let modified = headers["Last-Modified"].flatMap(HTTPDate.parse)
        else { return 0 }
        let unchanged = dateValue(headers).timeIntervalSince(modified)
        return max(0, min(unchanged / 10, Self.longestHeuristicLifetime))
    }

    /// When the response was generated: its `Date`, or when it arrived if it has no valid one.
    func dateValue(_ headers: HTTPHeaders) -> Date {
        let dates = headers.values(for: "Date")
        guard dates.count == 1, let date = HTTPDate.parse(dates[0]) else { return responseTime }
        return date
    }

    /// The response's age at `now` (RFC 9111 §4.2.3): the larger of its apparent age (arrival minus `Date`) and
    /// its `Age` plus the time the request took, plus the time since it arrived. Of repeated `Age` values the first
    /// counts; an invalid one counts as none.
    func currentAge(now: Date) -> TimeInterval {
        currentAge(now: now, headers: headers)
    }

    /// ``currentAge(now:)`` from the stored fields, decoded already.
    func currentAge(now: Date, headers: HTTPHeaders) -> TimeInterval {
        let firstAge = headers.values(for: "Age").first?.split(separator: ",", omittingEmptySubsequences: false).first
        let ageValue = firstAge.flatMap { DeltaSeconds(String($0)) }?.value(invalid: 0) ?? 0
        let apparentAge = max(0, responseTime.timeIntervalSince(dateValue(headers)))
        let responseDelay = max(0, responseTime.timeIntervalSince(requestTime))
        let correctedInitialAge = max(apparentAge, TimeInterval(ageValue) + responseDelay)
        return correctedInitialAge + max(0, now.timeIntervalSince(responseTime))
    }
}
