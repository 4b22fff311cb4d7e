import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension HTTPCache {
    /// Sends one request on the wire and returns once the response head has arrived.
    typealias Send = @Sendable (TransportRequest) async throws -> TransportResponse

    /// Answers `request` from the cache, or sends it with `send` (made conditional when a stored response can
    /// be revalidated) and stores what comes back, by the rules of RFC 9111 and `policy`.
    func send(
        _ request: TransportRequest, policy: CachePolicy, through send: @escaping Send
    ) async throws -> TransportResponse {
        var request = request
        request.head.cachePolicy = .reloadIgnoringLocalCacheData
        let method = request.head.httpMethod?.uppercased() ?? "GET"
        guard let url = request.head.url else { return try await send(request) }
        let onlyIfCached = policy == .onlyIfCached || RequestDirectives(request.head).onlyIfCached
        guard CacheKey.storedMethods.contains(method), !ConditionalRequest.bypassesCache(request.head) else {
            if onlyIfCached { return try Self.gatewayTimeout(for: url) }
            let response = try await send(request)
            await invalidate(after: response, method: method, url: url)
            return response
        }
        let exchange = CacheExchange(request: request, method: method, key: CacheKey.key(method: method, url: url))
        let candidate = policy == .reloadIgnoringCache ? nil : await lookup(exchange)
        if let candidate {
            switch candidate.reuse(for: exchange.directives, policy: policy, shared: shared) {
            case .serve:
                return try answer(exchange, with: candidate)
            case .serveWhileRevalidating:
                Task { try? await self.revalidateApart(exchange, candidate: candidate, through: send) }
                return try answer(exchange, with: candidate)
            case .validate:
                break
            }
        }
        if onlyIfCached { return try Self.gatewayTimeout(for: url) }
        return try await fetch(exchange, candidate: candidate, through: send)
    }

    /// The stored response that answers `exchange`'s variant, the most recent when several do.
    private func lookup(_ exchange: CacheExchange) async -> CacheCandidate? {
        let time = now()
        var best: CacheCandidate?
        for record in await storage.records(forKey: exchange.key) {
            let stored = record.head
            guard record.variant == exchange.variant(for: stored) else { continue }
            if let best, best.stored.responseTime > stored.responseTime { continue }
            best = CacheCandidate(record: record, stored: stored, now: time, shared: shared)
        }
        return best
    }

    /// Sends the request, conditionally when `candidate` has validators and the client set none, and answers
    /// with what a `304` confirmed, a stale response the server's failure allows, or the server's response,
    /// stored when it may be.
    private func fetch(
        _ exchange: CacheExchange, candidate: CacheCandidate?, through send: Send
    ) async throws -> TransportResponse {
        var sent = exchange.request
        var validated: CacheCandidate?
        if let candidate, !ConditionalRequest.hasClientValidators(sent.head),
            let conditional = ConditionalRequest.revalidating(sent.head, stored: candidate.headers)
        {
            sent.head = conditional
            validated = candidate
        }
        let requestTime = now()
        let response: TransportResponse
        do {
            response = try await send(sent)
        } catch {
            if let candidate, !Self.isCancellation(error),
                candidate.allowsStaleIfError(for: exchange.directives, shared: shared)
            {
                return try answer(exchange, with: candidate)
            }
            throw error
        }
        let responseTime = now()
        if response.head.statusCode == 304, let validated {
            response.body.cancel()
            guard ConditionalRequest.matches(response.head.headers, stored: validated.headers) else {
                await storage.removeRecords(forKey: exchange.key)
                return try await fetch(exchange, candidate: nil, through: send)
            }
            let updated = validated.stored.updated(
                with: response.head, requestTime: requestTime, responseTime: responseTime, shared: shared)
            await storage.updateHead(updated, variant: validated.record.variant, forKey: exchange.key)
            let headers = updated.headers
            return try answer(
                exchange, from: updated, headers: headers, body: validated.record.body,
                age: updated.currentAge(now: responseTime, headers: headers), status: .revalidated)
        }
        if let candidate, [500, 502, 503, 504].contains(response.head.statusCode),
            candidate.allowsStaleIfError(for: exchange.directives, shared: shared)
        {
            response.body.cancel()
            return try answer(exchange, with: candidate)
        }
        return await keep(response, for: exchange, requestTime: requestTime, responseTime: responseTime)
    }

    /// Revalidates `candidate` after answering with it stale (`stale-while-revalidate`), reading the new
    /// response whole so that it is stored.
    private func revalidateApart(_ exchange: CacheExchange, candidate: CacheCandidate, through send: Send) async throws
    {
        let response = try await fetch(exchange, candidate: candidate, through: send)
        _ = try await response.body.collect(upTo: storage.maximumEntrySize)
    }

    /// The answer from `candidate`, as it is stored (see ``answer(_:from:headers:body:age:status:)``).
    private func answer(_ exchange: CacheExchange, with candidate: CacheCandidate) throws -> TransportResponse {
        try answer(
            exchange, from: candidate.stored, headers: candidate.headers, body: candidate.record.body,
            age: candidate.age)
    }

    /// The answer from the stored response, whose fields are `headers`: `304` to a client's conditional request
    /// it satisfies, otherwise the stored status, fields and body, with `Age`.
    private func answer(
        _ exchange: CacheExchange, from stored: StoredResponse, headers: HTTPHeaders, body: Data, age: TimeInterval,
        status: CacheStatus = .cached
    ) throws -> TransportResponse {
        var answered = stored
        var body = body
        if ConditionalRequest.hasClientValidators(exchange.request.head),
            ConditionalRequest.isNotModified(exchange.request.head, stored: headers)
        {
            answered.statusCode = 304
            body = Data()
        }
        if exchange.method == "HEAD" { body = Data() }
        guard let head = answered.responseHead(age: age, status: status, headers: headers) else {
            throw NetworkError(.badResponse, detail: "a stored response with status \(answered.statusCode)")
        }
        return TransportResponse(head: head, body: ResponseBody(body))
    }

    /// Removes what a successful unsafe request made out of date (RFC 9111 §4.4).
    private func invalidate(after response: TransportResponse, method: String, url: URL) async {
        let urls = CacheInvalidation.urls(
            method: method, url: url, status: response.head.statusCode, headers: response.head.headers)
        for url in urls {
            for method in CacheKey.storedMethods {
                await storage.removeRecords(forKey: CacheKey.key(method: method, url: url))
            }
        }
    }

    /// The answer to a request that may only be answered from the cache when it holds nothing usable
    /// (RFC 9111 §5.2.1.7): `504 Gateway Timeout`, without touching the network.
    static func gatewayTimeout(for url: URL) throws -> TransportResponse {
        guard var head = ResponseHead(statusCode: 504, headers: ["Content-Length": "0"], url: url) else {
            throw NetworkError(.badResponse, detail: "no 504 for \(url)")
        }
        head.cacheStatus = .cached
        return TransportResponse(head: head, body: ResponseBody(Data()))
    }

    private static func isCancellation(_ error: any Error) -> Bool {
        Task.isCancelled || error is CancellationError || (error as? NetworkError)?.kind == .cancelled
    }
}
