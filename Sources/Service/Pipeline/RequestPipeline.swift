import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Sends one built request through plugins, authentication, the transport, retries and the deadline.
///
/// Each attempt runs: plugins prepare → credentials applied → plugins' `willSend` → transport →
/// plugins' `didReceive` → plugins' `process`. Then the sources of credentials (``RequestCredentials``)
/// may have the request resent once, after refreshing a rejected credential or answering a `Basic` or
/// `Digest` challenge, or a retryable failure is retried after a backoff, until one attempt's outcome is
/// final. The deadline, when there is one, spans all of it.
struct RequestPipeline<EndPoint: EndPointType>: Sendable {
    /// Sends one attempt: the request, its endpoint, and the names of its header fields that carry
    /// credentials (lowercased), which must not follow a redirect to another origin.
    typealias Send =
        @Sendable (URLRequest, EndPoint, _ credentialHeaders: Set<String>) async throws -> (ResponseHead, Data)

    let configuration: RouterConfiguration
    let transport: Send

    /// The final outcome of sending `request`, which was built from `endpoint`.
    func run(_ request: URLRequest, for endpoint: EndPoint) async -> Result<Response, NetworkError> {
        guard let deadline = endpoint.deadline ?? configuration.deadline else {
            return await attempts(request, for: endpoint, deadline: nil)
        }
        let started = DispatchTime.now()
        return await Deadline.run(within: deadline, for: request) { [self] in
            await attempts(request, for: endpoint, deadline: (started, deadline))
        }
    }

    /// Sends `request` until an attempt's outcome is final. A retry whose wait would outlast the
    /// `deadline` (when it started, and its length in seconds) is not made: that outcome is final.
    private func attempts(
        _ request: URLRequest,
        for endpoint: EndPoint,
        deadline: (started: DispatchTime, seconds: TimeInterval)?
    ) async -> Result<Response, NetworkError> {
        let policy = endpoint.retryPolicy ?? configuration.retryPolicy
        var credentials = credentialSources(for: endpoint)
        var retries = 0
        var attempt = 1
        attempts: while true {
            let result = await send(request, for: endpoint, attempt: attempt, credentials: &credentials)
            attempt += 1
            if case .failure(.cancelled) = result { return result }
            if Task.isCancelled { return .failure(.cancelled(sending: request)) }

            if case .success(let response) = result {
                for index in credentials.indices {
                    switch await credentials[index].recover(after: response) {
                    case nil: continue
                    case .resend: continue attempts
                    case .deliver: return result
                    case .fail: return .failure(.authentication(response))
                    case .cancelled: return .failure(.cancelled(sending: request))
                    }
                }
            }

            guard let policy, retries < policy.maximumRetries,
                policy.shouldRetry(result, isIdempotent: endpoint.isIdempotent)
            else { return result }
            retries += 1
            let delay = policy.delay(beforeRetry: retries, after: result)
            if let deadline, delay >= deadline.seconds - deadline.started.secondsElapsed { return result }
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
    ) async -> Result<Response, NetworkError> {
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
        credentialHeaders.formUnion(CredentialHeaders.secret(in: request, by: configuration.redactors))
        for plugin in plugins {
            await plugin.willSend(request, context: context)
        }
        let result: Result<Response, NetworkError>
        do {
            try Task.checkCancellation()
            let (head, data) = try await transport(request, endpoint, credentialHeaders)
            result = .success(Response(request: request, head: head, data: data))
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
        return processed
    }
}
