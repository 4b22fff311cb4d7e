import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Sends one built request through plugins, authentication, the transport, retries and the deadline.
///
/// Each attempt runs: plugins prepare → credentials applied → plugins' `willSend` → transport, which
/// returns the head with the body still arriving → the exchange's ``ResponseReading`` reads the body →
/// plugins' `didReceive` → plugins' `process`. Then the sources of credentials (``RequestCredentials``)
/// may have the request resent once, after refreshing a rejected credential or answering a `Basic` or
/// `Digest` challenge, or a retryable failure is retried after a backoff, until one attempt's outcome is
/// final. The deadline, when there is one, spans all of it.
struct RequestPipeline<EndPoint: EndPointType>: Sendable {
    /// Sends one attempt's request and returns once the response head has arrived.
    typealias Send = @Sendable (TransportRequest) async throws -> TransportResponse

    let configuration: RouterConfiguration
    /// The fields of the configuration's redactors, which never follow a redirect to another origin.
    let secretHeaders: SecretHeaderNames
    /// What becomes of each attempt's response body.
    let reading: ResponseReading
    let transport: Send

    /// The final outcome of sending `request`, which was built from `endpoint`.
    func run(_ request: URLRequest, for endpoint: EndPoint) async -> Result<Delivery, NetworkError> {
        guard let deadline = endpoint.deadline ?? configuration.deadline else {
            return await attempts(request, for: endpoint, deadline: nil)
        }
        let started = DispatchTime.now()
        return await Deadline.run(within: deadline, for: request) { [self] in
            await attempts(request, for: endpoint, deadline: (started, deadline))
        }
    }

    /// Sends `request` until an attempt's outcome is final. A retry whose wait would outlast the
    /// `deadline` (when it started, and its length in seconds) is not made: that outcome is final. The body
    /// an attempt left unread is stopped when another attempt follows.
    private func attempts(
        _ request: URLRequest,
        for endpoint: EndPoint,
        deadline: (started: DispatchTime, seconds: TimeInterval)?
    ) async -> Result<Delivery, NetworkError> {
        let policy = endpoint.retryPolicy ?? configuration.retryPolicy
        var credentials = credentialSources(for: endpoint)
        var retries = 0
        var attempt = 1
        attempts: while true {
            let delivery = await send(request, for: endpoint, attempt: attempt, credentials: &credentials)
            let result = delivery.map(\.response)
            attempt += 1
            if case .failure(.cancelled) = result { return delivery }
            if Task.isCancelled {
                delivery.stopUnread()
                return .failure(.cancelled(sending: request))
            }

            if case .success(let response) = result {
                for index in credentials.indices {
                    switch await credentials[index].recover(after: response) {
                    case nil: continue
                    case .resend:
                        delivery.stopUnread()
                        continue attempts
                    case .deliver: return delivery
                    case .fail:
                        delivery.stopUnread()
                        return .failure(NetworkError(.authentication, response: response))
                    case .cancelled:
                        delivery.stopUnread()
                        return .failure(.cancelled(sending: request))
                    }
                }
            }

            guard let policy, retries < policy.maximumRetries,
                policy.shouldRetry(result, isIdempotent: endpoint.isIdempotent)
            else { return delivery }
            retries += 1
            let delay = policy.delay(beforeRetry: retries, after: result)
            if let deadline, delay >= deadline.seconds - deadline.started.secondsElapsed { return delivery }
            delivery.stopUnread()
            do {
                try await configuration.sleep(delay)
            } catch {
                return .failure(.cancelled(sending: request))
            }
            if Task.isCancelled { return .failure(.cancelled(sending: request)) }
        }
    }

    /// The sources of credentials for `endpoint`'s attempts, in the order they are applied and asked about a
    /// response: the answer to a challenge first, so that it overrides the coordinator's `Authorization`.
    private func credentialSources(for endpoint: EndPoint) -> [any RequestCredentials] {
        guard endpoint.requiresAuthentication else { return [] }
        var sources: [any RequestCredentials] = []
        if let provider = configuration.challengeCredentials {
            sources.append(ChallengeAnswerer(provider: provider, endpoint: endpoint))
        }
        if let authentication = configuration.authentication {
            sources.append(CoordinatedCredentials(authentication))
        }
        return sources
    }

    /// One attempt, with `credentials` applied after the plugins prepared the request.
    private func send(
        _ built: URLRequest,
        for endpoint: EndPoint,
        attempt: Int,
        credentials: inout [any RequestCredentials]
    ) async -> Result<Delivery, NetworkError> {
        let plugins = configuration.allPlugins
        let context = PluginContext(endpoint: endpoint, attempt: attempt)
        var request = built
        var credentialHeaders: Set<String> = []
        do {
            for plugin in plugins {
                let before = request
                request = try await plugin.prepare(request, context: context)
                if plugin.setsCredentials {
                    credentialHeaders.formUnion(CredentialHeaders.changed(from: before, to: request))
                }
            }
        } catch {
            return .failure(error)
        }
        if !credentials.isEmpty {
            let prepared = request
            for index in credentials.indices.reversed() {
                guard let authenticated = await credentials[index].apply(to: request) else {
                    return .failure(.cancelled(sending: request))
                }
                request = authenticated
            }
            credentialHeaders.formUnion(CredentialHeaders.changed(from: prepared, to: request))
        }
        credentialHeaders.formUnion(secretHeaders.names(in: request))
        for plugin in plugins {
            await plugin.willSend(request, context: context)
        }
        var unread: ResponseBody?
        let result: Result<Response, NetworkError>
        do {
            try Task.checkCancellation()
            var sent = TransportRequest(head: request, endpoint: endpoint, credentialHeaders: credentialHeaders)
            sent.keepsWholeBody = reading.keepsWholeBody
            sent.maximumResponseSize = configuration.maximumResponseSize
            sent.certificatePinning = configuration.certificatePinning
            let response = try await transport(sent)
            let kept = try await reading.read(response, answering: request, limit: configuration.maximumResponseSize)
            unread = kept.unread
            result = .success(Response(request: request, head: response.head, data: kept.data))
        } catch {
            result = .failure(NetworkError(error, sending: request))
        }
        for plugin in plugins {
            await plugin.didReceive(result, for: request, context: context)
        }
        var processed = result
        for plugin in plugins {
            processed = await plugin.process(processed, for: request, context: context)
        }
        switch processed {
        case .success(let response):
            return .success(Delivery(response: response, unread: unread))
        case .failure(let error):
            unread?.cancel()
            return .failure(error)
        }
    }
}

/// A final response, with the body a stream leaves unread for its caller.
struct Delivery: Sendable {
    var response: Response
    /// The body of a streamed response, unread; `nil` when the body was read into ``Response/data`` or a file.
    var unread: ResponseBody?

    init(response: Response, unread: ResponseBody? = nil) {
        self.response = response
        self.unread = unread
    }
}

extension Result where Success == Delivery {
    /// Stops the body left unread, for an outcome that will not be delivered.
    func stopUnread() {
        if case .success(let delivery) = self { delivery.unread?.cancel() }
    }
}
